/** Messages as the clients see them: the sender contact, the author and the quoted message joined here. */
import { isErrorCode, MESSAGE_ORIGINS, type Message, type MessageOrigin, type MessageReaction, type QuotedMessage } from '@atende/shared';
import type { Model, QueryFilter, Types } from 'mongoose';
import { mediaUrl } from '../../platform/uploads.js';
import { ContactModel } from '../contacts/model.js';
import { userNames } from '../users/cache.js';
import { MessageModel, type MessageDoc, type ReactionDoc } from './model.js';

function reactionView(reaction: ReactionDoc): MessageReaction {
  return {
    sender: reaction.sender,
    name: reaction.name,
    emoji: reaction.emoji,
    fromMe: reaction.fromMe,
    userId: reaction.userId ? String(reaction.userId) : null,
    createdAt: reaction.at.toISOString(),
  };
}

/** Failures stored before they were kept as ERR_ codes read as the generic sending error. */
function sendErrorOf(message: MessageDoc): string | null {
  if (!message.sendError) return null;
  return isErrorCode(message.sendError) ? message.sendError : 'ERR_SENDING_WAPP_MSG';
}

/** Ours, not sent, no longer waiting for an attempt, with a failure: the sender gave up on it. */
function sendFailedOf(message: MessageDoc): boolean {
  return message.fromMe && message.ack === 0 && !message.isDeleted && !message.outboxKey && Boolean(message.sendError);
}

function originOf(message: MessageDoc): MessageOrigin | null {
  return (MESSAGE_ORIGINS as readonly string[]).includes(message.origin ?? '') ? (message.origin as MessageOrigin) : null;
}

function refOf(known: Map<string, { _id: Types.ObjectId; name: string }>, id: Types.ObjectId | null) {
  const found = id ? known.get(String(id)) : undefined;
  return found ? { id: String(found._id), name: found.name } : null;
}

function url(companyId: string, message: MessageDoc): string | null {
  return message.mediaPath ? mediaUrl(companyId, message.mediaPath) : null;
}

/** Documents by id, one get each (a page names a few: the customer, a quoted message or two). */
async function byIds<T extends { _id: Types.ObjectId }>(model: Model<T>, companyId: string, ids: (Types.ObjectId | null | undefined)[], projection?: Record<string, 1>): Promise<T[]> {
  const distinct = [...new Set(ids.filter((id): id is Types.ObjectId => Boolean(id)).map(String))];
  const found = (await Promise.all(distinct.map((_id) => model.findOne({ companyId, _id } as QueryFilter<T>, projection).lean()))) as (T | null)[];
  return found.filter((doc): doc is T => doc !== null);
}

/** A contact the caller already holds (the ticket's copy, the sender just found): not read again. */
export interface KnownContact {
  _id: Types.ObjectId;
  name: string;
}

export async function messageViews(companyId: string, messages: MessageDoc[], known: KnownContact[] = []): Promise<Message[]> {
  if (messages.length === 0) return [];
  const [quoted, names] = await Promise.all([byIds(MessageModel, companyId, messages.map((m) => m.quotedMsgId)), userNames.get(companyId)]);
  const contacts = new Map(known.map((contact) => [String(contact._id), contact]));
  const unknown = [...messages, ...quoted].map((m) => m.contactId).filter((id) => id && !contacts.has(String(id)));
  for (const contact of await byIds(ContactModel, companyId, unknown, { name: 1 })) contacts.set(String(contact._id), contact);
  const authors = new Map([...names].map(([id, name]) => [id, { _id: id as unknown as Types.ObjectId, name }]));
  const quotedById = new Map(quoted.map((q) => [String(q._id), q]));

  return messages.map((message) => {
    const original = message.quotedMsgId ? quotedById.get(String(message.quotedMsgId)) : undefined;
    const quotedMsg: QuotedMessage | null = original
      ? {
          id: String(original._id),
          body: original.isDeleted ? '' : original.body,
          fromMe: original.fromMe,
          mediaType: original.mediaType,
          mediaUrl: url(companyId, original),
          contact: refOf(contacts, original.contactId),
        }
      : null;
    return {
      id: String(message._id),
      ticketId: String(message.ticketId),
      contactId: message.contactId ? String(message.contactId) : null,
      contact: refOf(contacts, message.contactId),
      user: refOf(authors, message.userId ?? null),
      origin: originOf(message),
      body: message.isDeleted ? '' : message.body,
      fromMe: message.fromMe,
      userId: message.userId ? String(message.userId) : null,
      read: message.read,
      ack: message.ack,
      mediaType: message.mediaType,
      mediaUrl: message.isDeleted ? null : url(companyId, message),
      mediaError: message.mediaError ?? null,
      mediaName: message.isDeleted ? null : (message.mediaName ?? null),
      mediaSize: message.isDeleted ? null : (message.mediaSize ?? null),
      quotedMsg,
      isDeleted: message.isDeleted,
      isEdited: message.isEdited,
      // What was deleted is gone for everyone: its earlier bodies too.
      editHistory: message.isDeleted ? [] : (message.editHistory ?? []).map((edit) => ({ body: edit.body, editedAt: edit.editedAt.toISOString() })),
      reactions: message.isDeleted ? [] : (message.reactions ?? []).map(reactionView),
      forwarded: message.forwarded ?? false,
      signed: message.signed ?? false,
      sendError: sendErrorOf(message),
      sendFailed: sendFailedOf(message),
      createdAt: message.createdAt.toISOString(),
      updatedAt: message.updatedAt.toISOString(),
    };
  });
}

export async function messageView(companyId: string, message: MessageDoc, known: KnownContact[] = []): Promise<Message> {
  const [view] = await messageViews(companyId, [message], known);
  return view!;
}
