/** Internal chat (document 2): chats of the signed-in user and their messages. */
import type { Chat, ChatMessage, ChatMessagesPage, ChatsPage } from '../../domain/chats.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface ChatData {
  title: string;
  /** Member ids besides the signed-in user, who is always one (the owner on create). */
  users: string[];
}

export function chatCalls(http: Http) {
  const one = (id: string) => `/chats/${encodeURIComponent(id)}`;
  return {
    /** The user's chats, latest activity first, searched by title. */
    page: (query: PageQuery = {}) => http.request<ChatsPage>('GET', '/chats', { query }),
    /** By id or uuid; members only. */
    get: (idOrUuid: string) => http.request<Chat>('GET', one(idOrUuid)),
    create: (data: ChatData) => http.request<Chat>('POST', '/chats', { body: data }),
    /** Owner only. */
    update: (id: string, data: Partial<ChatData>) => http.request<Chat>('PUT', one(id), { body: data }),
    /** Owner only. */
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    /** Clears the signed-in user's unread counter; answers the chat. */
    read: (id: string) => http.request<Chat>('POST', `${one(id)}/read`),
    /** Newest page first, each page in chronological order. */
    messages: (id: string, query: { pageNumber?: number } = {}) => http.request<ChatMessagesPage>('GET', `${one(id)}/messages`, { query }),
    send: (id: string, data: { message: string }) => http.request<ChatMessage>('POST', `${one(id)}/messages`, { body: data }),
  };
}

export type ChatCalls = ReturnType<typeof chatCalls>;
