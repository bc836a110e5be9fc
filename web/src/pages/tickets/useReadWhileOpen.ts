/**
 * The conversation on screen is read: a customer's message arriving while the agent has it open
 * (and the page is visible) is marked read at once, as opening it does (GET /messages marks the
 * agent's open ticket read), so the list never shows an unread badge on the conversation the agent
 * is looking at. With the page hidden, it is marked read when the agent comes back to it.
 */
import { useEffect, useRef } from 'react';
import type { Message, MessageEvent, Ticket } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { useLatest } from '../../ui/useLatest.js';

export function useReadWhileOpen(ticket: Ticket, enabled: boolean, onPage: (messages: Message[]) => void, onError: (error: unknown) => void): void {
  const { api } = useApi();
  const user = useUser();
  const unread = useRef(false);
  const latest = useLatest({ api, ticketId: ticket.id, onPage, onError });

  const markRead = () => {
    unread.current = false;
    const { api, ticketId, onPage, onError } = latest.current;
    api.messages.list(ticketId, 1).then((page) => onPage(page.messages), onError);
  };
  const latestMarkRead = useLatest(markRead);

  useChannel<MessageEvent>('appMessage', (event) => {
    if (!enabled || event.action !== 'create' || event.message.fromMe || event.message.ticketId !== ticket.id) return;
    // Only the agent's own open ticket is marked read by the server (or one without an agent).
    if (event.ticket.status !== 'open' || (event.ticket.userId !== null && event.ticket.userId !== user.id)) return;
    if (document.visibilityState === 'visible') markRead();
    else unread.current = true;
  });

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && unread.current) latestMarkRead.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [latestMarkRead]);
}
