/**
 * A received message is stored first and its ticket counts it next (message count, last message,
 * unread; channels/inbound.ts): a crash between the two leaves the ticket wrong. The ticket takes
 * such messages when the network delivers one again, and at the start after a crash, which finds
 * the messages stored in the minutes the crash may have cut (platform/database/cleanPoint.ts) by
 * an indexed equality per minute, never by reading the tickets.
 */
import { updateTicket, type TicketChange } from '../tickets/writer.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { MessageModel, type MessageDoc } from './model.js';
import type { Language } from '@atende/shared';
import { messagePreview } from './preview.js';

type Counted = Pick<MessageDoc, 'seq' | 'fromMe' | 'read' | 'body' | 'mediaType' | 'mediaName' | 'signed' | 'isDeleted'>;

/**
 * What the ticket needs to count the messages past its count (null: it counts them all). Write it
 * with `condition: countedAs(ticket)`: computed from this copy, it must not be applied twice.
 */
export function uncountedChange(ticket: Pick<TicketDoc, 'messageCount' | 'status'>, messages: Counted[], language: Language): TicketChange | null {
  const uncounted = messages.filter((message) => message.seq >= (ticket.messageCount ?? 0)).sort((a, b) => a.seq - b.seq);
  const last = uncounted.at(-1);
  if (!last) return null;
  const change: TicketChange = { $set: { lastMessage: messagePreview(last, language), messageCount: last.seq + 1 } };
  const fromCustomer = uncounted.filter((message) => !message.fromMe).at(-1);
  if (fromCustomer) change.$set = { ...change.$set, lastCustomerMessage: messagePreview(fromCustomer, language) };
  const unread = ticket.status === 'closed' ? 0 : uncounted.filter((message) => !message.fromMe && !message.read).length;
  if (unread > 0) {
    change.$set = { ...change.$set, lastInteractionAt: new Date() };
    change.$inc = { unreadMessages: unread };
  }
  return change;
}

export function countedAs(ticket: Pick<TicketDoc, 'messageCount'>): { messageCount: number } {
  return { messageCount: ticket.messageCount };
}

/** Repairs the tickets of the messages stored in `minutes` that they never counted; answers how many. */
export async function reconcileTickets(minutes: string[], language: Language): Promise<number> {
  const byTicket = new Map<string, (Counted & Pick<MessageDoc, 'companyId' | 'ticketId'>)[]>();
  for (const minute of minutes) {
    const stored = await MessageModel.find({ writtenIn: minute }, { companyId: 1, ticketId: 1, seq: 1, fromMe: 1, read: 1, body: 1, mediaType: 1, mediaName: 1, signed: 1, isDeleted: 1 }, { crossTenant: true }).lean<
      (Counted & Pick<MessageDoc, 'companyId' | 'ticketId'>)[]
    >();
    for (const message of stored) byTicket.set(String(message.ticketId), [...(byTicket.get(String(message.ticketId)) ?? []), message]);
  }
  let repaired = 0;
  for (const [ticketId, messages] of byTicket) {
    const { companyId } = messages[0]!;
    const ticket = await TicketModel.findOne({ companyId, _id: ticketId }).lean<TicketDoc>();
    const change = ticket ? uncountedChange(ticket, messages, language) : null;
    if (ticket && change && (await updateTicket(companyId, ticket, change, { condition: countedAs(ticket) }))) repaired += 1;
  }
  return repaired;
}
