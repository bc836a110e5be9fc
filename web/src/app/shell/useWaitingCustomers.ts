/**
 * A new waiting customer is noticed, not only counted: a pending ticket appearing in the user's
 * pending list (a new conversation, or one returned or transferred to the user's queues) chimes
 * at the stored volume and shows a desktop notification, once, whatever notifications the spec's
 * message rules allow (they leave pending tickets out for users without allTicket). Tickets
 * already waiting when the console opened, and those the user returned, do not.
 */
import { useEffect, useRef } from 'react';
import { ticketInList, ticketViewerOf, type MessageEvent, type Ticket, type TicketEvent, type User } from '@atende/shared';
import { useApi } from '../api.js';
import { useChannel } from '../realtime.js';
import { useLatest } from '../../ui/useLatest.js';

export function useWaitingCustomers(user: User, onWaiting: (ticket: Ticket) => void): void {
  const { api } = useApi();
  /** Tickets known to wait (announced, or waiting already), and who had each ticket last. */
  const waiting = useRef(new Set<string>());
  const owners = useRef(new Map<string, string | null>());
  const latest = useLatest({ user, onWaiting });

  useEffect(() => {
    let active = true;
    const viewer = ticketViewerOf(latest.current.user);
    api.tickets
      .list({ status: 'pending', showAll: viewer.isAdmin })
      .then((page) => active && page.tickets.forEach((ticket) => waiting.current.add(ticket.id)))
      .catch((error: unknown) => console.warn('could not load the waiting tickets', error));
    return () => {
      active = false;
    };
  }, [api, latest]);

  const seen = (ticket: Ticket) => {
    const { user, onWaiting } = latest.current;
    const viewer = ticketViewerOf(user);
    const before = owners.current.get(ticket.id);
    owners.current.set(ticket.id, ticket.userId);
    if (ticket.status !== 'pending') {
      waiting.current.delete(ticket.id);
      return;
    }
    if (waiting.current.has(ticket.id) || !ticketInList(ticket, { status: 'pending', showAll: viewer.isAdmin }, viewer)) return;
    waiting.current.add(ticket.id);
    // Returned by this user a moment ago: not news to them.
    if (before === user.id) return;
    onWaiting(ticket);
  };

  useChannel<TicketEvent>('ticket', (event) => {
    if (event.action === 'update') seen(event.ticket);
    else if (event.action === 'delete') waiting.current.delete(event.ticketId);
  });
  useChannel<MessageEvent>('appMessage', (event) => {
    if (event.action === 'create') seen(event.ticket);
  });
}
