/**
 * The internal chat's unread dot: the user's unread counters of each chat, from the chat list and
 * the chat channel (new-message, update). Chat calls fail silently (document 2 section 8).
 */
import { useEffect, useState } from 'react';
import { useApi } from '../api.js';
import { useChannel } from '../realtime.js';

export interface ChatUnreads {
  id: string;
  users?: { userId: string; unreads: number }[];
}

interface ChatEvent {
  action: string;
  chat?: ChatUnreads;
}

/** Chat id -> this user's unread count. */
export function unreadByChat(chats: ChatUnreads[], userId: string, previous: Record<string, number> = {}): Record<string, number> {
  const next = { ...previous };
  for (const chat of chats) {
    const mine = chat.users?.find((member) => member.userId === userId);
    if (mine) next[chat.id] = mine.unreads;
  }
  return next;
}

export function useUnreadChats(userId: string, enabled: boolean): boolean {
  const { api } = useApi();
  const [unreads, setUnreads] = useState<Record<string, number>>({});

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api
      .request<{ records: ChatUnreads[] }>('GET', '/chats', { query: { pageNumber: 1 } })
      .then((page) => active && setUnreads((current) => unreadByChat(page.records ?? [], userId, current)))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [api, userId, enabled]);

  useChannel<ChatEvent>(
    'chat',
    (event) => {
      if (event.chat) setUnreads((current) => unreadByChat([event.chat as ChatUnreads], userId, current));
    },
    enabled,
  );

  return Object.values(unreads).some((count) => count > 0);
}
