/** Chats and their messages as the clients see them: member and sender names joined here. */
import type { Chat, ChatMessage } from '@atende/shared';
import type { Types } from 'mongoose';
import { userNames } from '../users/cache.js';
import type { ChatDoc, ChatMessageDoc } from './model.js';

type UserRef = { id: string; name: string };

async function userRefs(companyId: string, ids: Types.ObjectId[]): Promise<Map<string, UserRef>> {
  const names = await userNames.get(companyId);
  const known = [...new Set(ids.map(String))].filter((id) => names.has(id));
  return new Map(known.map((id) => [id, { id, name: names.get(id)! }]));
}

function toChat(chat: ChatDoc, users: Map<string, UserRef>): Chat {
  return {
    id: String(chat._id),
    uuid: chat.uuid,
    title: chat.title,
    ownerId: String(chat.ownerId),
    lastMessage: chat.lastMessage ?? '',
    users: chat.users.map((member) => ({ userId: String(member.userId), unreads: member.unreads, user: users.get(String(member.userId)) ?? null })),
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
  };
}

export async function chatViews(companyId: string, chats: ChatDoc[]): Promise<Chat[]> {
  const users = await userRefs(companyId, chats.flatMap((chat) => chat.users.map((member) => member.userId)));
  return chats.map((chat) => toChat(chat, users));
}

export async function chatView(companyId: string, chat: ChatDoc): Promise<Chat> {
  return (await chatViews(companyId, [chat]))[0]!;
}

export async function chatMessageViews(companyId: string, messages: ChatMessageDoc[]): Promise<ChatMessage[]> {
  const senders = await userRefs(companyId, messages.map((message) => message.senderId));
  return messages.map((message) => ({
    id: String(message._id),
    chatId: String(message.chatId),
    message: message.message,
    senderId: String(message.senderId),
    sender: senders.get(String(message.senderId)) ?? null,
    createdAt: message.createdAt.toISOString(),
  }));
}
