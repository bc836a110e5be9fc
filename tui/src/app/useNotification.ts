/**
 * The notification line and the bell: for each new message the rules let through (document 1
 * section 4, notifications), and for each new waiting customer, that is a pending ticket the
 * agent may see appearing in the list (a new conversation, one returned or transferred to the
 * agent's queues). The line stays until the agent opens that ticket or another one comes.
 */
import { ticketInList, type Message, type Ticket, type TicketViewer } from '@atende/shared';
import type { RealtimeEvent } from '@atende/shared/client';
import { useRef, useState } from 'react';
import { describeMessage, labelledText } from '../format/messages.js';
import { firstLine } from '../format/text.js';
import { shouldNotify } from '../state/notifications.js';
import { useFeedEvent, type Feed } from '../state/useFeed.js';
import { useTexts } from './i18n.js';

export interface Notification {
  ticketId: string;
  text: string;
}

export interface NotificationOptions {
  feed: Feed;
  viewer: TicketViewer;
  viewingTicketId: string | null;
  server: string;
  /** The tickets the inbox knows, as they were before the event (a waiting one already listed rings no more). */
  known: Record<string, Ticket>;
  bell(): void;
}

function ticketOf(event: RealtimeEvent): Ticket | null {
  const ticket = event.ticket as Ticket | undefined;
  return ticket && typeof ticket.status === 'string' ? ticket : null;
}

export function useNotification({ feed, viewer, viewingTicketId, server, known, bell }: NotificationOptions) {
  const texts = useTexts();
  const [notification, setNotification] = useState<Notification | null>(null);
  const knownNow = useRef(known);
  knownNow.current = known;
  /** Waiting tickets already announced, with how many unread messages they had then. */
  const announced = useRef(new Map<string, number>());
  const name = (ticket: Ticket) => ticket.contact?.name || ticket.contact?.number || '';

  /** Rings for a ticket that starts waiting in the agent's lists; answers whether it rang. */
  function waiting(ticket: Ticket): boolean {
    if (ticket.status !== 'pending') {
      announced.current.delete(ticket.id);
      return false;
    }
    if (!ticketInList(ticket, { status: 'pending', showAll: viewer.isAdmin }, viewer)) return false;
    // Already in the pending list, or the agent's own a moment ago (returned or transferred by them): not new.
    const before = knownNow.current[ticket.id];
    const listed = before?.status === 'pending' || (before !== undefined && before.userId === viewer.userId);
    if (announced.current.has(ticket.id) || listed) {
      if (!announced.current.has(ticket.id)) announced.current.set(ticket.id, ticket.unreadMessages);
      return false;
    }
    announced.current.set(ticket.id, ticket.unreadMessages);
    const said = firstLine(ticket.lastCustomerMessage || ticket.lastMessage);
    setNotification({ ticketId: ticket.id, text: texts.t('tui.waiting', { name: name(ticket), body: said }) });
    bell();
    return true;
  }

  useFeedEvent(feed, 'ticket', (event) => {
    const ticketId = typeof event.ticketId === 'string' ? event.ticketId : null;
    if (event.action === 'delete' && ticketId) announced.current.delete(ticketId);
    const ticket = event.action === 'update' ? ticketOf(event) : null;
    if (ticket) waiting(ticket);
  });

  useFeedEvent(feed, 'appMessage', (event) => {
    const message = event.message as Message | undefined;
    const ticket = ticketOf(event);
    if (event.action !== 'create' || !message || !ticket) return;
    if (waiting(ticket)) return;
    // The message that made the ticket wait was announced with it.
    if (ticket.status === 'pending' && ticket.unreadMessages <= (announced.current.get(ticket.id) ?? -1)) return;
    if (!shouldNotify(message, ticket, viewer, viewingTicketId)) return;
    const body = firstLine(labelledText(describeMessage(message, texts, server)));
    setNotification({ ticketId: ticket.id, text: texts.t('tui.notification', { name: name(ticket), body }) });
    bell();
  });

  /** The agent opened this ticket: its notification is read. */
  function seen(ticketId: string) {
    if (notification?.ticketId === ticketId) setNotification(null);
  }

  return { notification, seen };
}
