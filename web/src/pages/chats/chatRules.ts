/** Rules of the internal chat shared by its page and the shell (document 2): order and unread counters. */
import type { Chat, ChatEvent } from '@atende/shared';

/** This user's unread messages in a chat. */
export function unreadOf(chat: Pick<Chat, 'users'>, userId: string): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}

/** Latest activity first (the server's order). */
export function byActivity(a: Pick<Chat, 'id' | 'updatedAt'>, b: Pick<Chat, 'id' | 'updatedAt'>): number {
  return b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id);
}

/** The chat a realtime event leaves for this user: its new copy, or null when deleted or left. */
export function chatAfter(event: ChatEvent, userId: string): Chat | null {
  if (event.action === 'delete') return null;
  return event.chat.users.some((member) => member.userId === userId) ? event.chat : null;
}

export function chatIdOf(event: ChatEvent): string {
  return event.action === 'delete' ? event.chatId : event.chat.id;
}

/** The chat list after a realtime event: the chat put in its place, or dropped. */
export function applyChatEvent(chats: Chat[], event: ChatEvent, userId: string): Chat[] {
  const others = chats.filter((chat) => chat.id !== chatIdOf(event));
  const kept = chatAfter(event, userId);
  return kept ? [...others, kept].sort(byActivity) : others;
}
