/**
 * Who sees which ticket (document 1 sections 2 and 6), written once for the server's lists and
 * realtime filter, the web console and the terminal inbox:
 * - a viewer may see (search, open, act on) every ticket if admin; otherwise their own tickets,
 *   those of their queues, and queueless ones with allTicket enabled;
 * - a status list holds, of what the viewer may see in the picked queues plus the queueless
 *   tickets they may see: with show-all (admins only) every ticket of the status; otherwise, for
 *   open tickets only the viewer's own (the "assigned" sub-tab), for pending and closed ones
 *   those of the viewer's queues.
 * The server's lists are unions of lanes (server tickets/lanes.ts); a test checks that a ticket
 * is in a lane of a list exactly when this rule lists it, for every profile and tab.
 */
import type { User } from './entities.js';
import type { Ticket, TicketStatus } from './tickets.js';

export interface TicketViewer {
  userId: string;
  isAdmin: boolean;
  queueIds: readonly string[];
  allTicket: boolean;
}

export type TicketPosition = Pick<Ticket, 'status' | 'userId' | 'queueId'>;

export interface TicketListFilter {
  status: TicketStatus;
  /** Admins' show-all switch; ignored for everyone else. */
  showAll: boolean;
  /** Queues picked in the queue filter; null or absent: every queue the viewer may pick. */
  queueIds?: readonly string[] | null;
}

export function ticketViewerOf(user: Pick<User, 'id' | 'profile' | 'super' | 'queueIds' | 'allTicket'>): TicketViewer {
  return { userId: user.id, isAdmin: user.super || user.profile === 'admin', queueIds: user.queueIds ?? [], allTicket: user.allTicket === 'enabled' };
}

/** Whether the viewer may see and act on the ticket (search tab, opening it, its messages). */
export function canSeeTicket(viewer: TicketViewer, ticket: Pick<Ticket, 'userId' | 'queueId'>): boolean {
  if (viewer.isAdmin) return true;
  if (ticket.userId && ticket.userId === viewer.userId) return true;
  if (!ticket.queueId) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
}

/** Whether a status list with these filters holds the ticket. */
export function ticketInList(ticket: TicketPosition, filter: TicketListFilter, viewer: TicketViewer): boolean {
  if (ticket.status !== filter.status) return false;
  const showAll = filter.showAll && viewer.isAdmin;
  if (ticket.queueId) {
    // Admins pick among every queue, the others among their own.
    if (!viewer.isAdmin && !viewer.queueIds.includes(ticket.queueId)) return false;
    if (filter.queueIds && !filter.queueIds.includes(ticket.queueId)) return false;
  } else if (!(viewer.isAdmin || viewer.allTicket)) {
    // Queueless tickets (a connection without queues, a customer yet to pick one) come with
    // whatever queues are picked, for everyone who may see them, as in the Whaticket family.
    return false;
  }
  if (ticket.status === 'open' && !showAll) return ticket.userId === viewer.userId;
  return true;
}
