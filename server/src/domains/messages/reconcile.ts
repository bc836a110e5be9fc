/**
 * Some writes come in two steps and a crash between them leaves a ticket wrong: a received message
 * is stored first and its ticket counts it next (channels/inbound.ts); a reply takes its place on
 * the ticket first and is stored next (service.ts). The start after a crash finds the messages
 * stored, and the tickets that gave a reply its place, in the minutes the crash may have cut
 * (platform/database/cleanPoint.ts), by an indexed equality per minute, never by reading every
 * ticket, and sets each of those tickets right from what is stored (settle.ts).
 */
import type { Language } from '@atende/shared';
import type { Types } from 'mongoose';
import { TicketModel } from '../tickets/model.js';
import { MessageModel } from './model.js';
import { settleTicket } from './settle.js';

/** Repairs the tickets the two-step writes of `minutes` may have left wrong; answers how many it changed. */
export async function reconcileTickets(minutes: string[], language: Language): Promise<number> {
  const from = new Map<string, { companyId: Types.ObjectId; fromSeq: number }>();
  const note = (companyId: Types.ObjectId, ticketId: unknown, seq: number) => {
    const known = from.get(String(ticketId));
    from.set(String(ticketId), { companyId, fromSeq: Math.min(seq, known?.fromSeq ?? seq) });
  };
  for (const minute of minutes) {
    const stored = await MessageModel.find({ writtenIn: minute }, { companyId: 1, ticketId: 1, seq: 1 }, { crossTenant: true }).lean<
      { companyId: Types.ObjectId; ticketId: Types.ObjectId; seq: number }[]
    >();
    for (const message of stored) note(message.companyId, message.ticketId, message.seq);
    const placed = await TicketModel.find({ replyPlacedIn: minute }, { companyId: 1, messageCount: 1 }, { crossTenant: true }).lean<
      { _id: Types.ObjectId; companyId: Types.ObjectId; messageCount: number }[]
    >();
    for (const ticket of placed) note(ticket.companyId, ticket._id, (ticket.messageCount ?? 1) - 1);
  }
  let repaired = 0;
  for (const [ticketId, { companyId, fromSeq }] of from) if (await settleTicket(companyId, ticketId, fromSeq, language)) repaired += 1;
  return repaired;
}
