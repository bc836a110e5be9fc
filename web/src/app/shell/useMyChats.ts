/**
 * The user's internal chats for the shell: the first page, kept by the chat channel (new-message,
 * update, delete). The menu's unread dot and the top bar's popover read it. Chat calls fail
 * silently (document 2 section 8).
 */
import { useEffect, useState } from 'react';
import type { Chat, ChatEvent } from '@atende/shared';
import { applyChatEvent, unreadOf } from '../../pages/chats/chatRules.js';
import { useApi } from '../api.js';
import { useChannel } from '../realtime.js';

export function useMyChats(userId: string, enabled: boolean): { chats: Chat[]; unread: boolean } {
  const { api } = useApi();
  const [chats, setChats] = useState<Chat[]>([]);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api.chats
      .page()
      .then((page) => active && setChats(page.records))
      .catch((error: unknown) => console.warn('could not load the chats', error));
    return () => {
      active = false;
    };
  }, [api, enabled]);

  useChannel<ChatEvent>('chat', (event) => setChats((current) => applyChatEvent(current, event, userId)), enabled);

  return { chats, unread: chats.some((chat) => unreadOf(chat, userId) > 0) };
}
