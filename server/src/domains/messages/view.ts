/** Messages as the clients see them: the sender contact and the quoted message joined here. */
import type { Message, QuotedMessage } from '@atende/shared';
import type { Types } from 'mongoose';
import { findByIds } from '../../platform/database/models.js';
import { mediaUrl } from '../../platform/uploads.js';
import { ContactModel, type ContactDoc } from '../contacts/model.js';
import { MessageModel, type MessageDoc } from './model.js';

function contactRef(contacts: Map<string, Pick<ContactDoc, '_id' | 'name'>>, id: Types.ObjectId | null) {
  const contact = id ? contacts.get(String(id)) : undefined;
  return contact ? { id: String(contact._id), name: contact.name } : null;
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
          contact: contactRef(contacts, original.contactId),
        }
      : null;
    return {
      id: String(message._id),
      ticketId: String(message.ticketId),
      contactId: message.contactId ? String(message.contactId) : null,
      contact: contactRef(contacts, message.contactId),
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
