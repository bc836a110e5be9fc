/**
 * A message deleted for everyone (by its author among the agents, or by the customer on the
 * network) leaves no trace of its text in the lists, and an edited one shows its new text: when it
 * is what the ticket previews (its last message, or the customer's last one), the preview follows
 * (the deleted notice, the new text), written through the ticket writer and announced on the
 * ticket channel like any change of the ticket.
 */
import { MESSAGES_PAGE_SIZE, type Language } from '@atende/shared';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { publishTicket } from '../tickets/events.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { updateTicket, type TicketChange } from '../tickets/writer.js';
import { MessageModel, type MessageDoc } from './model.js';
import { messagePreview } from './preview.js';
import { pageKeyOf } from './store.js';

/** Pages after the deleted message's own that are read to learn whether the customer wrote since. */
const PAGES_AFTER = 4;

/** Whether the customer wrote after this message (read by page keys, a few pages at most). */
async function customerWroteAfter(ticket: TicketDoc, message: MessageDoc): Promise<boolean> {
  const lastSeq = (ticket.messageCount ?? 0) - 1;
  const first = Math.floor(message.seq / MESSAGES_PAGE_SIZE);
  const last = Math.min(Math.floor(lastSeq / MESSAGES_PAGE_SIZE), first + PAGES_AFTER);
  // Farther back than that, the customer has certainly said something since.
  if (Math.floor(lastSeq / MESSAGES_PAGE_SIZE) > last) return true;
  for (let page = first; page <= last; page++) {
    const rows = await MessageModel.find({ companyId: ticket.companyId, pageKey: pageKeyOf(ticket._id, page * MESSAGES_PAGE_SIZE) }, { seq: 1, fromMe: 1 }).lean<
      Pick<MessageDoc, 'seq' | 'fromMe'>[]
    >();
    if (rows.some((row) => row.seq > message.seq && !row.fromMe)) return true;
  }
  return false;
}

/** After `changed` was deleted or edited: the ticket's previews that showed it follow. Answers the ticket as it is now. */
export async function followMessageChange(realtime: RealtimePublisher, changed: MessageDoc, language: Language): Promise<TicketDoc | null> {
  const companyId = String(changed.companyId);
  const ticket = await TicketModel.findOne({ companyId, _id: changed.ticketId }).lean<TicketDoc>();
  if (!ticket) return null;
  const preview = messagePreview(changed, language);
  const set: NonNullable<TicketChange['$set']> = {};
  if (changed.seq >= (ticket.messageCount ?? 0) - 1 && ticket.lastMessage !== preview) set.lastMessage = preview;
  if (!changed.fromMe && ticket.lastCustomerMessage !== preview && !(await customerWroteAfter(ticket, changed))) set.lastCustomerMessage = preview;
  if (Object.keys(set).length === 0) return ticket;
  // Bookkeeping, not activity: the ticket keeps its place in the lists. A message stored meanwhile
  // is the preview now: the write is then skipped.
  const updated = await updateTicket(companyId, ticket, { $set: set }, { touch: false, condition: { messageCount: ticket.messageCount } });
  if (updated) await publishTicket(realtime, updated);
  return updated ?? ticket;
}
