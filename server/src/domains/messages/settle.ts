/**
 * A ticket's conversation set right from what is stored, after a write cut in two by a crash or an
 * outage (the message stored and its ticket not counting it; the ticket counting a reply that was
 * never stored). From place `fromSeq` on, the stored messages say:
 * - messages past the ticket's count: it counts them (count, unread, last messages);
 * - two messages at one place (the second took the count the ticket never raised for the first):
 *   the later-stored ones take fresh places at the end, so every message keeps a page and the
 *   conversation its order, and the unread count is recounted from the messages marked unread;
 * - the last place holding nothing (the reply was never stored): the last message shown is the
 *   last one stored.
 * A ticket that shows none of these is left as it is, so running it again changes nothing.
 */
import { MESSAGES_PAGE_SIZE, type Language } from '@atende/shared';
import type { Types } from 'mongoose';
import { updateTicket, type TicketChange } from '../tickets/writer.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { MessageModel, type MessageDoc } from './model.js';
import { messagePreview } from './preview.js';
import { pageKeyOf } from './store.js';

type Stored = Pick<MessageDoc, '_id' | 'seq' | 'fromMe' | 'body' | 'mediaType' | 'mediaName' | 'signed' | 'isDeleted' | 'createdAt'>;

const FIELDS = { seq: 1, fromMe: 1, body: 1, mediaType: 1, mediaName: 1, signed: 1, isDeleted: 1, createdAt: 1 };
/** How many pages back the last stored message is looked for, behind a run of places never stored. */
const LOOK_BACK_PAGES = 5;
const ATTEMPTS = 3;

function page(seq: number): number {
  return Math.floor(seq / MESSAGES_PAGE_SIZE);
}

function bucket(ticket: TicketDoc, index: number): Promise<Stored[]> {
  return MessageModel.find({ companyId: ticket.companyId, pageKey: pageKeyOf(ticket._id, index * MESSAGES_PAGE_SIZE) }, FIELDS).lean<Stored[]>();
}

function inOrder(a: Stored, b: Stored): number {
  return a.seq - b.seq || a.createdAt.getTime() - b.createdAt.getTime() || (String(a._id) < String(b._id) ? -1 : 1);
}

/** The stored messages at `fromSeq` and after, in conversation order: the pages up to the count, and on while pages hold some. */
async function storedFrom(ticket: TicketDoc, fromSeq: number): Promise<Stored[]> {
  const found: Stored[] = [];
  for (let index = page(fromSeq); ; index++) {
    const rows = await bucket(ticket, index);
    found.push(...rows.filter((message) => message.seq >= fromSeq));
    if (rows.length === 0 && index >= page(Math.max(0, ticket.messageCount - 1))) break;
  }
  return found.sort(inOrder);
}

/** The last message stored before place `seq` (a few pages back at most), or null. */
async function lastStoredBefore(ticket: TicketDoc, seq: number): Promise<Stored | null> {
  for (let index = page(seq - 1); index >= 0 && index > page(seq - 1) - LOOK_BACK_PAGES; index--) {
    const rows = (await bucket(ticket, index)).filter((message) => message.seq < seq).sort(inOrder);
    if (rows.length > 0) return rows.at(-1)!;
  }
  return null;
}

interface Plan {
  change: TicketChange;
  /** Messages sharing a place with an earlier-stored one, and the fresh place each takes. */
  moves: { _id: Types.ObjectId; seq: number }[];
  /** The ticket counts messages it did not count before. */
  grew: boolean;
}

/** What the ticket needs, from `messages` (stored at `fromSeq` and after); null when nothing. */
async function planFor(ticket: TicketDoc, messages: Stored[], fromSeq: number, language: Language): Promise<Plan | null> {
  const count = ticket.messageCount ?? 0;
  const placed = new Set<number>();
  const extras: Stored[] = [];
  for (const message of messages) {
    if (placed.has(message.seq)) extras.push(message);
    placed.add(message.seq);
  }
  const highest = messages.reduce((max, message) => Math.max(max, message.seq), -1);
  const uncounted = highest >= count;
  const phantom = count > fromSeq && !placed.has(count - 1);
  if (!uncounted && extras.length === 0 && !phantom) return null;

  const start = Math.max(count, highest + 1);
  const moves = extras.map((message, n) => ({ _id: message._id, seq: start + n }));
  const moved = new Map(moves.map(({ _id, seq }) => [String(_id), seq]));
  const final = messages.map((message) => ({ ...message, seq: moved.get(String(message._id)) ?? message.seq })).sort(inOrder);
  const last = final.at(-1) ?? (await lastStoredBefore(ticket, fromSeq));
  const $set: NonNullable<TicketChange['$set']> = { messageCount: start + extras.length, lastMessage: last ? messagePreview(last, language) : '' };
  const fromCustomer = final.filter((message) => !message.fromMe).at(-1);
  if (fromCustomer) $set.lastCustomerMessage = messagePreview(fromCustomer, language);
  if (ticket.status !== 'closed' && (uncounted || extras.length > 0)) {
    // What the agents have not read is what is marked so: the ticket's count may have missed one.
    $set.unreadMessages = await MessageModel.countDocuments({ companyId: ticket.companyId, unreadKey: String(ticket._id) });
    if ($set.unreadMessages > ticket.unreadMessages) $set.lastInteractionAt = new Date();
  }
  return { change: { $set }, moves, grew: uncounted };
}

/** Sets the ticket right from its stored messages at `fromSeq` and after; answers the ticket when it changed. */
export async function settleTicket(companyId: string | Types.ObjectId, ticketId: string | Types.ObjectId, fromSeq: number, language: Language): Promise<TicketDoc | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const ticket = await TicketModel.findOne({ companyId, _id: ticketId }).lean<TicketDoc>();
    if (!ticket) return null;
    const from = Math.max(0, Math.min(fromSeq, (ticket.messageCount ?? 0) - 1));
    const plan = await planFor(ticket, await storedFrom(ticket, from), from, language);
    if (!plan) return null;
    // The ticket first: the fresh places are its own before any message takes one (a crash in
    // between leaves places unused, never two messages on one).
    const updated = await updateTicket(ticket.companyId, ticket, plan.change, { condition: { rev: ticket.rev }, touch: plan.grew });
    if (!updated) continue;
    for (const { _id, seq } of plan.moves) {
      await MessageModel.updateOne({ companyId: ticket.companyId, _id }, { $set: { seq, pageKey: pageKeyOf(ticket._id, seq) } });
    }
    return updated;
  }
  return null;
}
