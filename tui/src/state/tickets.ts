/**
 * The tickets the inbox holds, by id, fed by pages of GET /tickets and by the realtime pushes of
 * the ticket and appMessage channels; the tabs are views of it (document 1 section 2).
 */
import { byLatestActivity, isNewerTicket, ticketInList, type Ticket, type TicketStatus, type TicketViewer } from '@atende/shared';

export const LIST_TABS = ['open', 'pending', 'closed'] as const satisfies readonly TicketStatus[];
export const TABS = [...LIST_TABS, 'search'] as const;
export type Tab = (typeof TABS)[number];

export interface TicketsState {
  byId: Record<string, Ticket>;
  /** Last page loaded per status (0: none yet) and whether the server has more. */
  pages: Record<TicketStatus, number>;
  hasMore: Record<TicketStatus, boolean>;
  /** Counts the pushes applied; `touched` says when each ticket last got one. */
  serial: number;
  touched: Record<string, number>;
}

export type TicketsAction =
  /** `since`: the serial when the page was asked for. */
  | { type: 'page'; status: TicketStatus; page: number; tickets: Ticket[]; hasMore: boolean; since: number }
  | { type: 'upsert'; ticket: Ticket }
  | { type: 'remove'; ticketId: string }
  | { type: 'read'; ticketId: string };

export const emptyTickets: TicketsState = {
  byId: {},
  pages: { open: 0, pending: 0, closed: 0 },
  hasMore: { open: false, pending: false, closed: false },
  serial: 0,
  touched: {},
};

function withTickets(byId: Record<string, Ticket>, tickets: Ticket[]): Record<string, Ticket> {
  const next = { ...byId };
  for (const ticket of tickets) if (isNewerTicket(ticket, next[ticket.id])) next[ticket.id] = ticket;
  return next;
}

/** The state after a push about one ticket: `byId` as given, the ticket marked as just touched. */
function pushed(state: TicketsState, ticketId: string, byId: Record<string, Ticket>): TicketsState {
  const serial = state.serial + 1;
  return { ...state, byId, serial, touched: { ...state.touched, [ticketId]: serial } };
}

export function ticketsReducer(state: TicketsState, action: TicketsAction): TicketsState {
  switch (action.type) {
    case 'page': {
      // A first page is a fresh view of that status: tickets that left it go, unless a push
      // about them came after the page was asked for (the page is older than the push).
      const stays = (ticket: Ticket) => action.page > 1 || ticket.status !== action.status || (state.touched[ticket.id] ?? 0) > action.since;
      return {
        ...state,
        byId: withTickets(Object.fromEntries(Object.entries(state.byId).filter(([, ticket]) => stays(ticket))), action.tickets),
        pages: { ...state.pages, [action.status]: action.page },
        hasMore: { ...state.hasMore, [action.status]: action.hasMore },
      };
    }
    case 'upsert':
      return isNewerTicket(action.ticket, state.byId[action.ticket.id]) ? pushed(state, action.ticket.id, { ...state.byId, [action.ticket.id]: action.ticket }) : state;
    case 'remove': {
      const { [action.ticketId]: _removed, ...rest } = state.byId;
      return pushed(state, action.ticketId, rest);
    }
    case 'read': {
      const ticket = state.byId[action.ticketId];
      return ticket ? pushed(state, ticket.id, { ...state.byId, [ticket.id]: { ...ticket, unreadMessages: 0 } }) : state;
    }
  }
}

/** Queue filter: an empty selection shows every queue; queueless tickets show alongside the queues picked (the lists' rule). */
export function inQueues(ticket: Ticket, queueIds: string[]): boolean {
  return queueIds.length === 0 || ticket.queueId === null || queueIds.includes(ticket.queueId);
}

/**
 * The tickets of a list tab, newest activity first: the shared rule of the server's lists, with
 * show-all for admins (the inbox asks the server for show-all lists) and the queue filter
 * (none picked: every queue).
 */
export function ticketsOfTab(state: TicketsState, status: TicketStatus, viewer: TicketViewer, queueIds: string[]): Ticket[] {
  const filter = { status, showAll: viewer.isAdmin, queueIds: queueIds.length > 0 ? queueIds : null };
  return Object.values(state.byId)
    .filter((ticket) => ticketInList(ticket, filter, viewer))
    .sort(byLatestActivity);
}

export function unreadOf(tickets: Ticket[]): number {
  return tickets.reduce((sum, ticket) => sum + ticket.unreadMessages, 0);
}
