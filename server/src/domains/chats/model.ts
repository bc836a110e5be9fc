import type { Types } from 'mongoose';
import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface ChatMemberDoc {
  userId: Types.ObjectId;
  unreads: number;
}

export interface ChatDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  /** The page's address (/chats/{uuid}). */
  uuid: string;
  title: string;
  ownerId: Types.ObjectId;
  lastMessage: string;
  /** Members with their unread counters, the owner among them. */
  users: ChatMemberDoc[];
  /** Messages sent so far: the next message's place (its seq). */
  messageCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export const ChatModel = tenantModel<ChatDoc>(
  'Chat',
  {
    uuid: { type: String, required: true, unique: true },
    title: { type: String, required: true, trim: true, maxlength: CHAT_TITLE_MAX },
    ownerId: { type: ObjectId, ref: 'User', required: true },
    lastMessage: { type: String, default: '' },
    users: [{ _id: false, userId: { type: ObjectId, ref: 'User', required: true }, unreads: { type: Number, default: 0 } }],
    messageCount: { type: Number, default: 0 },
  },
  (schema) => {
    // The list: a member's chats, latest activity first.
    schema.index({ companyId: 1, 'users.userId': 1, updatedAt: -1 });
    engineKeys(schema, ['companyId', 'uuid']);
  },
);

export interface ChatMessageDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  chatId: Types.ObjectId;
  senderId: Types.ObjectId;
  message: string;
  /** Its place in the chat, and its page bucket (platform/database/placedPages.ts). */
  seq: number;
  pageKey: string;
  createdAt: Date;
  updatedAt: Date;
}

export const ChatMessageModel = tenantModel<ChatMessageDoc>(
  'ChatMessage',
  {
    chatId: { type: ObjectId, ref: 'Chat', required: true },
    senderId: { type: ObjectId, ref: 'User', required: true },
    message: { type: String, required: true, maxlength: CHAT_MESSAGE_MAX },
    seq: { type: Number, required: true },
    pageKey: { type: String, required: true },
  },
  (schema) => {
    schema.index({ companyId: 1, pageKey: 1 });
    schema.index({ companyId: 1, chatId: 1 });
    engineKeys(schema, ['chatId', 'pageKey']);
  },
);
