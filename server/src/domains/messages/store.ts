/**
 * Messages of a ticket's conversation in the order they were stored: each takes the ticket's
 * message count as its `seq` and is read by page (platform/database/placedPages.ts). Two messages
 * stored at once from stale copies of the ticket may share a seq: a page then holds one message
 * more, nothing is lost.
 */
import { MESSAGES_PAGE_SIZE } from '@atende/shared';
import { searchWordsOf } from '../../platform/database/models.js';
import { minuteKeyOf } from '../../platform/database/cleanPoint.js';
import { pageKeyOf as placedKey, placedPage, type PlacedPage } from '../../platform/database/placedPages.js';
import type { TicketDoc } from '../tickets/model.js';
import { MessageModel, OUTBOX_WAITING, type MessageDoc } from './model.js';

export function pageKeyOf(ticketId: unknown, seq: number): string {
  return placedKey(ticketId, seq, MESSAGES_PAGE_SIZE);
}

/** The fields of a new message (ids as strings or ObjectIds); place and keys are set here. */
export type NewMessage = Partial<Record<Exclude<keyof MessageDoc, 'seq' | 'pageKey' | 'unreadKey' | 'outboxKey' | 'writtenIn' | 'ticketId' | 'companyId'>, unknown>>;

/** Stores a message of the ticket at place `seq` of its conversation (the ticket's count is the caller's to raise). */
export async function insertMessage(ticket: Pick<TicketDoc, '_id' | 'companyId'>, seq: number, fields: NewMessage): Promise<MessageDoc> {
  const created = new MessageModel({
    ...fields,
    companyId: ticket.companyId,
    ticketId: ticket._id,
    seq,
    pageKey: pageKeyOf(ticket._id, seq),
    unreadKey: fields.read ? null : String(ticket._id),
    outboxKey: fields.fromMe && fields.ack === 0 ? OUTBOX_WAITING : null,
    writtenIn: minuteKeyOf(new Date()),
    words: searchWordsOf(typeof fields.body === 'string' ? fields.body : ''),
  } as Record<string, unknown>);
  await created.save();
  return created.toObject() as MessageDoc;
}

/** Page `pageNumber` (1 = newest) of the conversation, each page oldest first. */
export function conversationPage(ticket: Pick<TicketDoc, '_id' | 'companyId' | 'messageCount'>, pageNumber: number): Promise<PlacedPage<MessageDoc>> {
  return placedPage(MessageModel, ticket.companyId, ticket._id, ticket.messageCount ?? 0, pageNumber, MESSAGES_PAGE_SIZE);
}

/** Marks the ticket's unread messages read (found by their unreadKey, not by reading the conversation). */
export async function markMessagesRead(ticket: Pick<TicketDoc, '_id' | 'companyId'>): Promise<void> {
  await MessageModel.updateMany({ companyId: ticket.companyId, unreadKey: String(ticket._id) }, { $set: { read: true, unreadKey: null } });
}
