/** Messages as the clients see them: the sender contact and the quoted message joined here. */
import type { Message, QuotedMessage } from '@atende/shared';
import type { Types } from 'mongoose';
import { findByIds } from '../../platform/database/models.js';
import { mediaUrl } from '../../platform/uploads.js';
import { ContactModel, type ContactDoc } from '../contacts/model.js';
import { UserModel, type UserDoc } from '../users/model.js';
import { MessageModel, type MessageDoc } from './model.js';

function refOf(known: Map<string, { _id: Types.ObjectId; name: string }>, id: Types.ObjectId | null) {
  const found = id ? known.get(String(id)) : undefined;
  return found ? { id: String(found._id), name: found.name } : null;
}

function url(companyId: string, message: MessageDoc): string | null {
  return message.mediaPath ? mediaUrl(companyId, message.mediaPath) : null;
}

export async function messageViews(companyId: string, messages: MessageDoc[]): Promise<Message[]> {
  if (messages.length === 0) return [];
  const quotedIds = messages.map((m) => m.quotedMsgId).filter((id): id is Types.ObjectId => id !== null);
  const quoted = (await findByIds(MessageModel, companyId, quotedIds)) as MessageDoc[];
  const contactIds = [...messages, ...quoted].map((m) => m.contactId).filter((id): id is Types.ObjectId => id !== null);
  const contacts = new Map(
    ((await findByIds(ContactModel, companyId, contactIds, { name: 1 })) as Pick<ContactDoc, '_id' | 'name'>[]).map((c) => [
      String(c._id),
      c,
    ]),
  );
  // A page has a handful of authors at most: one small read for their names.
  const authors = new Map(
    ((await findByIds(UserModel, companyId, messages.map((m) => m.userId ?? null), { name: 1 })) as Pick<UserDoc, '_id' | 'name'>[]).map((u) => [String(u._id), u]),
  );
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
      body: message.isDeleted ? '' : message.body,
      fromMe: message.fromMe,
      read: message.read,
      ack: message.ack,
      mediaType: message.mediaType,
      mediaUrl: message.isDeleted ? null : url(companyId, message),
      mediaError: message.mediaError ?? null,
      quotedMsg,
      isDeleted: message.isDeleted,
      isEdited: message.isEdited,
      createdAt: message.createdAt.toISOString(),
      updatedAt: message.updatedAt.toISOString(),
    };
  });
}

export async function messageView(companyId: string, message: MessageDoc): Promise<Message> {
  const [view] = await messageViews(companyId, [message]);
  return view!;
}
