/**
 * Backfill after a gap (issue 21): a session back from an outage longer than a short blip asks
 * WhatsApp (Baileys' on-demand history, answered by the phone on `messaging-history.set` with
 * syncType ON_DEMAND) for the recent messages of the chats that were active: those with an open
 * or pending ticket on the connection. Each request is anchored on the newest message stored in
 * the chat; what comes back goes through the inbox like the offline replay, so what was already
 * stored is dropped by its id and only the missing messages land (and count as recovered).
 */
import type { WAMessageKey } from '@whiskeysockets/baileys';
import type { Logger } from '../../platform/logger.js';
import { conversationPage } from '../../domains/messages/store.js';
import { TicketModel, type TicketDoc } from '../../domains/tickets/model.js';
import { jidOf } from './identity.js';
import type { WaSocket } from './socket.js';
import type { Scope } from './store.js';

/** Messages asked per chat, and chats asked per status (open, pending). */
export const BACKFILL_MESSAGES = 50;
export const BACKFILL_CHATS = 50;

/** The anchor of a chat's request: its newest stored message, or nothing when it has none. */
async function anchorOf(scope: Scope, ticket: TicketDoc): Promise<{ key: WAMessageKey; timestampMs: number } | null> {
  const newest = (await conversationPage(ticket, 1)).rows.at(-1);
  if (!ticket.contact?.number || !newest || newest.providerMessageId.startsWith('local:')) return null;
  const remoteJid = await jidOf(scope.companyId, { id: ticket.contact.number, isGroup: ticket.isGroup });
  return { key: { remoteJid, id: newest.providerMessageId, fromMe: newest.fromMe }, timestampMs: newest.createdAt.getTime() };
}

/** Asks for the recent history of every active chat; answers how many chats were asked. */
export async function requestBackfill(scope: Scope, socket: WaSocket, logger: Logger): Promise<number> {
  let asked = 0;
  for (const status of ['open', 'pending'] as const) {
    const tickets = await TicketModel.find({ companyId: scope.companyId, whatsappId: scope.whatsappId, status }).limit(BACKFILL_CHATS).lean<TicketDoc[]>();
    for (const ticket of tickets) {
      try {
        const anchor = await anchorOf(scope, ticket);
        if (!anchor) continue;
        await socket.fetchMessageHistory(BACKFILL_MESSAGES, anchor.key, anchor.timestampMs);
        asked += 1;
      } catch (err) {
        logger.warn({ err, ticketId: String(ticket._id) }, 'asking WhatsApp for a chat history failed');
      }
    }
  }
  return asked;
}
