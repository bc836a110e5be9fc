/**
 * Internal chat (document 2): staff of a company talking to each other. Only members see a chat
 * (others get "not found", so its existence is not revealed); only its owner edits or deletes it.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES_PAGE_SIZE, type Chat, type ChatEvent, type ChatMessage, type ChatMessagesPage, type ChatsPage } from '@atende/shared';
import { Types } from 'mongoose';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { isObjectId, searchRegex } from '../../platform/database/models.js';
import { rewriteDocument } from '../../platform/database/serial.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import { pageKeyOf, placedPage } from '../../platform/database/placedPages.js';
import { setChannelFilter, type RealtimePublisher } from '../../platform/realtime.js';
import { UserModel } from '../users/model.js';
import { ChatMessageModel, ChatModel, type ChatDoc, type ChatMemberDoc, type ChatMessageDoc } from './model.js';
import { chatMessageViews, chatView, chatViews } from './view.js';

export interface ChatInput {
  title?: string;
  users?: string[];
}

/** Chat events reach the chat's members only; a delete, the users who lost the chat. */
setChannelFilter('chat', (payload, credentials) => {
  const event = payload as unknown as ChatEvent;
  const userIds = event.action === 'delete' ? event.userIds : event.chat.users.map((member) => member.userId);
  return userIds.includes(credentials.userId);
});

/** A chat (by id or uuid) the actor is a member of, or ERR_NO_CHAT_FOUND. */
async function findMember(actor: AuthCredentials, ref: string): Promise<ChatDoc> {
  const chat = await ChatModel.findOne({
    companyId: actor.companyId,
    ...(isObjectId(ref) ? { _id: ref } : { uuid: ref }),
    'users.userId': actor.userId,
  }).lean<ChatDoc>();
  if (!chat) throw new AppError('ERR_NO_CHAT_FOUND');
  return chat;
}

async function findOwned(actor: AuthCredentials, id: string): Promise<ChatDoc> {
  const chat = await findMember(actor, id);
  if (String(chat.ownerId) !== actor.userId) throw new AppError('ERR_NO_PERMISSION');
  return chat;
}

async function refuseStrangers(companyId: string, userIds: string[]): Promise<void> {
  const found = await UserModel.countDocuments({ companyId, _id: { $in: userIds } });
  if (found !== userIds.length) {
    throw new AppError('ERR_VALIDATION', { field: 'users', rule: 'any.invalid' }, 'payload users: every member must be a user of the company (any.invalid)');
  }
}

/** The owner plus the chosen users; members kept keep their unread counters. */
function membersOf(ownerId: string, userIds: string[], previous: ChatMemberDoc[] = []): ChatMemberDoc[] {
  const unreads = new Map(previous.map((member) => [String(member.userId), member.unreads]));
  return [...new Set([ownerId, ...userIds])].map((userId) => ({ userId: new Types.ObjectId(userId), unreads: unreads.get(userId) ?? 0 }));
}

function userIdsOf(chat: ChatDoc): string[] {
  return chat.users.map((member) => String(member.userId));
}

export function createChatService(realtime: RealtimePublisher) {
  function publish(companyId: string, event: ChatEvent): void {
    realtime.publish(companyId, 'chat', event);
  }

  async function announce(actor: AuthCredentials, doc: ChatDoc): Promise<Chat> {
    const chat = await chatView(actor.companyId, doc);
    publish(actor.companyId, { action: 'update', chat });
    return chat;
  }

  return {
    /** The actor's chats, latest activity first, searched by title. */
    async page(actor: AuthCredentials, query: { searchParam: string; pageNumber: number }): Promise<ChatsPage> {
      const filter = { companyId: actor.companyId, 'users.userId': actor.userId, ...(query.searchParam ? { title: searchRegex(query.searchParam) } : {}) };
      const window = page(query.pageNumber);
      const [count, rows] = await Promise.all([
        ChatModel.countDocuments(filter),
        ChatModel.find(filter).sort({ updatedAt: -1, _id: -1 }).skip(window.skip).limit(window.limit).lean<ChatDoc[]>(),
      ]);
      return { records: await chatViews(actor.companyId, rows), count, hasMore: hasMore(count, window, rows.length) };
    },

    async get(actor: AuthCredentials, ref: string): Promise<Chat> {
      return chatView(actor.companyId, await findMember(actor, ref));
    },

    async create(actor: AuthCredentials, input: Required<ChatInput>): Promise<Chat> {
      await refuseStrangers(actor.companyId, input.users);
      const created = await ChatModel.create({
        companyId: actor.companyId,
        uuid: randomUUID(),
        title: input.title,
        ownerId: actor.userId,
        users: membersOf(actor.userId, input.users),
      });
      return announce(actor, created.toObject() as ChatDoc);
    },

    /** Users who leave the chat are told it is gone for them. */
    async update(actor: AuthCredentials, id: string, input: ChatInput): Promise<Chat> {
      let before = await findOwned(actor, id);
      if (input.users) await refuseStrangers(actor.companyId, input.users);
      const updated = await rewriteDocument(ChatModel, actor.companyId, before._id, (current) => {
        before = current;
        return { $set: { ...(input.title !== undefined ? { title: input.title } : {}), ...(input.users ? { users: membersOf(String(current.ownerId), input.users, current.users) } : {}) } };
      });
      if (!updated) throw new AppError('ERR_NO_CHAT_FOUND');
      const chat = await announce(actor, updated);
      const staying = new Set(userIdsOf(updated));
      const removed = userIdsOf(before).filter((userId) => !staying.has(userId));
      if (removed.length > 0) publish(actor.companyId, { action: 'delete', chatId: chat.id, userIds: removed });
      return chat;
    },

    /** Deletes the chat with its messages (the chat first: a send racing it then finds it gone). */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const chat = await findOwned(actor, id);
      await ChatModel.deleteOne({ companyId: actor.companyId, _id: chat._id });
      await ChatMessageModel.deleteMany({ companyId: actor.companyId, chatId: chat._id });
      publish(actor.companyId, { action: 'delete', chatId: String(chat._id), userIds: userIdsOf(chat) });
    },

    /** Clears the actor's unread counter; reading is no activity, so the list order stays. */
    async read(actor: AuthCredentials, id: string): Promise<Chat> {
      const chat = await findMember(actor, id);
      let changed = false;
      const updated = await rewriteDocument(
        ChatModel,
        actor.companyId,
        chat._id,
        (current) => {
          changed = current.users.some((member) => String(member.userId) === actor.userId && member.unreads > 0);
          if (!changed) return null;
          return { $set: { users: current.users.map((member) => (String(member.userId) === actor.userId ? { ...member, unreads: 0 } : member)) } };
        },
        { timestamps: false },
      );
      if (!updated) throw new AppError('ERR_NO_CHAT_FOUND');
      return changed ? announce(actor, updated) : chatView(actor.companyId, updated);
    },

    /** Newest page first, each page in chronological order (the conversation scrolls up). */
    async messages(actor: AuthCredentials, id: string, pageNumber: number): Promise<ChatMessagesPage> {
      const chat = await findMember(actor, id);
      const { rows, count, hasMore } = await placedPage(ChatMessageModel, actor.companyId, chat._id, chat.messageCount ?? 0, pageNumber, MESSAGES_PAGE_SIZE);
      return { records: await chatMessageViews(actor.companyId, rows), count, hasMore };
    },

    /** Counts the message in the chat (its place, unread for every other member; serialised per chat), then stores it. */
    async send(actor: AuthCredentials, id: string, text: string): Promise<ChatMessage> {
      const chat = await findMember(actor, id);
      const updated = await rewriteDocument(ChatModel, actor.companyId, chat._id, (current) => ({
        $set: {
          lastMessage: text,
          messageCount: (current.messageCount ?? 0) + 1,
          users: current.users.map((member) => (String(member.userId) === actor.userId ? member : { ...member, unreads: member.unreads + 1 })),
        },
      }));
      if (!updated) throw new AppError('ERR_NO_CHAT_FOUND');
      const seq = updated.messageCount - 1;
      const created = await ChatMessageModel.create({
        companyId: actor.companyId,
        chatId: chat._id,
        senderId: actor.userId,
        message: text,
        seq,
        pageKey: pageKeyOf(chat._id, seq, MESSAGES_PAGE_SIZE),
      });
      const [message] = await chatMessageViews(actor.companyId, [created.toObject() as ChatMessageDoc]);
      publish(actor.companyId, { action: 'new-message', chat: await chatView(actor.companyId, updated), message: message! });
      return message!;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
