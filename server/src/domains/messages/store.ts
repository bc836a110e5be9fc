/**
 * Messages of a conversation in the order they were stored: each takes the ticket's message count
 * as its `seq`, and a page of MESSAGES_PAGE_SIZE is read from the one or two `pageKey` buckets that
 * hold its range of seq (top-level equality: an index on both engines, whatever the conversation's
 * length). Two messages stored at once from stale copies of the ticket may share a seq: a page then
 * holds one message more, nothing is lost.
 */
import { MESSAGES_PAGE_SIZE } from '@atende/shared';
import { searchWordsOf } from '../../platform/database/models.js';
import type { TicketDoc } from '../tickets/model.js';
import { MessageModel, type MessageDoc } from './model.js';

export function pageKeyOf(ticketId: unknown, seq: number): string {
  return `${String(ticketId)}.${Math.floor(seq / MESSAGES_PAGE_SIZE)}`;
}

/** The fields of a new message (ids as strings or ObjectIds); place and keys are set here. */
export type NewMessage = Partial<Record<Exclude<keyof MessageDoc, 'seq' | 'pageKey' | 'unreadKey' | 'ticketId' | 'companyId'>, unknown>>;

/** Stores a message of the ticket at place `seq` of its conversation (the ticket's count is the caller's to raise). */
export async function insertMessage(ticket: Pick<TicketDoc, '_id' | 'companyId'>, seq: number, fields: NewMessage): Promise<MessageDoc> {
  const created = new MessageModel({
    ...fields,
    companyId: ticket.companyId,
    ticketId: ticket._id,
    seq,
    pageKey: pageKeyOf(ticket._id, seq),
    unreadKey: fields.read ? null : String(ticket._id),
    words: searchWordsOf(typeof fields.body === 'string' ? fields.body : ''),
  } as Record<string, unknown>);
  await created.save();
  return created.toObject() as MessageDoc;
}

export interface MessageWindow {
  /** Oldest first. */
  rows: MessageDoc[];
  count: number;
  hasMore: boolean;
}

/** Page `pageNumber` (1 = newest) of the conversation, each page oldest first. */
export async function conversationPage(ticket: Pick<TicketDoc, '_id' | 'companyId' | 'messageCount'>, pageNumber: number): Promise<MessageWindow> {
  const count = ticket.messageCount ?? 0;
  const end = count - (pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const start = Math.max(0, end - MESSAGES_PAGE_SIZE);
  if (end <= 0) return { rows: [], count, hasMore: false };
  const keys = new Set([pageKeyOf(ticket._id, start), pageKeyOf(ticket._id, end - 1)]);
  const buckets = await Promise.all([...keys].map((pageKey) => MessageModel.find({ companyId: ticket.companyId, pageKey }).lean<MessageDoc[]>()));
  const rows = buckets
    .flat()
    .filter((message) => message.seq >= start && message.seq < end)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq || (String(a._id) < String(b._id) ? -1 : 1));
  return { rows, count, hasMore: start > 0 };
}

/** Marks the ticket's unread messages read (found by their unreadKey, not by reading the conversation). */
export async function markMessagesRead(ticket: Pick<TicketDoc, '_id' | 'companyId'>): Promise<void> {
  await MessageModel.updateMany({ companyId: ticket.companyId, unreadKey: String(ticket._id) }, { $set: { read: true, unreadKey: null } });
}
