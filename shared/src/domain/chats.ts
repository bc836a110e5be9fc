/** Wire shapes of the internal chat (document 2): staff of one company talking to each other. */

export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 5000;

export interface ChatMember {
  userId: string;
  /** Messages of the others this member has not read yet. */
  unreads: number;
  /** null when the user no longer exists. */
  user: { id: string; name: string } | null;
}

export interface Chat {
  id: string;
  uuid: string;
  title: string;
  /** The creator: the only one who edits or deletes the chat, always a member. */
  ownerId: string;
  lastMessage: string;
  users: ChatMember[];
  createdAt: string;
  /** Latest activity (a message, an edit): lists show the newest first. */
  updatedAt: string;
}

export interface ChatMessage {
  id: string;
  chatId: string;
  message: string;
  senderId: string;
  sender: { id: string; name: string } | null;
  createdAt: string;
}

export interface ChatsPage {
  records: Chat[];
  hasMore: boolean;
  count: number;
}

/** Newest page first, each page in chronological order. */
export interface ChatMessagesPage {
  records: ChatMessage[];
  hasMore: boolean;
  count: number;
}

/**
 * Payloads of the `chat` realtime channel: each reaches only the chat's members (for a delete,
 * the users who lost the chat: all members when it is deleted, the removed ones on an edit).
 */
export type ChatEvent =
  | { action: 'new-message'; chat: Chat; message: ChatMessage }
  | { action: 'update'; chat: Chat }
  | { action: 'delete'; chatId: string; userIds: string[] };
