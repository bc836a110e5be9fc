/**
 * The notifications of unread tickets: the list starts from the tickets with unread messages that
 * the spec's rules would have notified, and follows the realtime channels; a message that passes the spec's rules (notifications.ts) adds
 * its ticket, plays the chime and shows a browser notification, and so does a new waiting
 * customer (useWaitingCustomers.ts). The tab's title counts them.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { stripWhatsappMarks, ticketIdOf, type MessageEvent, type Ticket, type TicketEvent } from '@atende/shared';
import { useApi, useUser } from '../api.js';
import { useChannel } from '../realtime.js';
import { useLatest } from '../../ui/useLatest.js';
import { playChime, requestNotificationPermission, showBrowserNotification } from './alerts.js';
import { shouldNotify, ticketInPath } from './notifications.js';
import { useTitleCount } from './useTitleCount.js';
import { useWaitingCustomers } from './useWaitingCustomers.js';

export function ticketPath(ticket: Pick<Ticket, 'uuid'>): string {
  return `/tickets/${ticket.uuid}`;
}

export function useTicketNotifications(): { tickets: Ticket[]; open(ticket: Ticket): void } {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const viewer = (viewingTicket: string | null) => ({ userId: user.id, queueIds: user.queueIds, allTicket: user.allTicket, viewingTicket, pageVisible: document.visibilityState === 'visible' });
  const latestViewer = useLatest(viewer);

  useEffect(() => {
    requestNotificationPermission();
    let active = true;
    api.tickets
      .list({ withUnreadMessages: true })
      .then((page) => active && setTickets(page.tickets.filter((ticket) => ticket.unreadMessages > 0 && shouldNotify({ fromMe: false }, ticket, latestViewer.current(null)))))
      // The popover is a convenience: a failure here shows nothing rather than a toast on every page.
      .catch((error: unknown) => console.warn('could not load the unread tickets', error));
    return () => {
      active = false;
    };
  }, [api, latestViewer]);

  const open = useCallback((ticket: Ticket) => navigate(ticketPath(ticket)), [navigate]);

  useChannel<MessageEvent>('appMessage', (event) => {
    if (event.action !== 'create') return;
    if (!shouldNotify(event.message, event.ticket, viewer(ticketInPath(pathname)))) return;
    setTickets((list) => [event.ticket, ...list.filter((ticket) => ticket.id !== event.ticket.id)]);
    playChime();
    const title = t('web.notifications.newMessage', { name: event.ticket.contact?.name ?? '' });
    showBrowserNotification(title, stripWhatsappMarks(event.message.body), event.ticket.id, () => open(event.ticket));
  });

  useWaitingCustomers(user, (ticket) => {
    setTickets((list) => [ticket, ...list.filter((known) => known.id !== ticket.id)]);
    playChime();
    const name = ticket.contact?.name || ticket.contact?.number || '';
    showBrowserNotification(t('web.notifications.newWaiting', { name }), ticket.lastCustomerMessage || ticket.lastMessage, ticket.id, () => open(ticket));
  });

  useChannel<TicketEvent>('ticket', (event) => {
    const id = ticketIdOf(event);
    // Read, or taken by someone else: nothing waits for this user there any more.
    const gone = event.action !== 'update' || event.ticket.unreadMessages === 0 || event.ticket.status === 'closed' || (event.ticket.userId !== null && event.ticket.userId !== user.id);
    if (gone) setTickets((list) => list.filter((ticket) => ticket.id !== id));
  });

  useTitleCount(tickets.length);

  return { tickets, open };
}
