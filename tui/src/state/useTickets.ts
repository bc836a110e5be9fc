/**
 * The inbox's tickets: the first page of each status on start (and again after a reconnection),
 * further pages on demand, and every push of the ticket and appMessage channels.
 */
import type { Ticket, TicketStatus } from '@atende/shared';
import type { ApiClient, RealtimeEvent } from '@atende/shared/client';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useFeedEvent, type Feed } from './useFeed.js';
import { emptyTickets, LIST_TABS, ticketsReducer, type TicketsAction, type TicketsState } from './tickets.js';

export interface TicketsHook {
  state: TicketsState;
  dispatch: (action: TicketsAction) => void;
  loadMore(status: TicketStatus): void;
}

function ticketOf(event: RealtimeEvent): Ticket | null {
  const ticket = event.ticket as Ticket | undefined;
  return ticket && typeof ticket.status === 'string' ? ticket : null;
}

export function useTickets(api: ApiClient, feed: Feed, showAll: boolean, onError: (error: unknown) => void): TicketsHook {
  const [state, dispatch] = useReducer(ticketsReducer, emptyTickets);
  const serial = useRef(0);
  serial.current = state.serial;
  const loading = useRef(new Set<TicketStatus>());
  const latestError = useRef(onError);
  latestError.current = onError;

  const load = useCallback(
    (status: TicketStatus, page: number) => {
      if (loading.current.has(status)) return;
      loading.current.add(status);
      const since = serial.current;
      api.tickets
        .list({ status, pageNumber: page, showAll })
        .then(({ tickets, hasMore }) => dispatch({ type: 'page', status, page, tickets, hasMore, since }))
        .catch((error: unknown) => latestError.current(error))
        .finally(() => loading.current.delete(status));
    },
    [api, showAll],
  );

  useEffect(() => {
    for (const status of LIST_TABS) load(status, 1);
  }, [load, feed.generation]);

  useFeedEvent(feed, 'ticket', (event) => {
    const ticketId = typeof event.ticketId === 'string' ? event.ticketId : null;
    if (event.action === 'delete' && ticketId) dispatch({ type: 'remove', ticketId });
    else if (event.action === 'updateUnread' && ticketId) dispatch({ type: 'read', ticketId });
    else {
      const ticket = ticketOf(event);
      if (ticket) dispatch({ type: 'upsert', ticket });
    }
  });

  useFeedEvent(feed, 'appMessage', (event) => {
    const ticket = ticketOf(event);
    if (ticket) dispatch({ type: 'upsert', ticket });
  });

  const loadMore = useCallback(
    (status: TicketStatus) => {
      if (state.hasMore[status]) load(status, state.pages[status] + 1);
    },
    [load, state.hasMore, state.pages],
  );

  return { state, dispatch, loadMore };
}
