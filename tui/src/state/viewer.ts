/**
 * Who is looking (document 1 section 6): admins see every ticket; agents see their own, those of
 * their queues, and queueless ones with allTicket enabled. The server applies the same rule to
 * lists and pushes; the inbox re-applies it to what it holds after a transfer or a return.
 */
import type { Ticket, User } from '@atende/shared';

export interface Viewer {
  userId: string;
  isAdmin: boolean;
  queueIds: string[];
  allTicket: boolean;
}

export function viewerOf(user: User): Viewer {
  return {
    userId: user.id,
    isAdmin: user.super || user.profile === 'admin',
    queueIds: user.queueIds ?? [],
    allTicket: user.allTicket === 'enabled',
  };
}

export function visibleTo(viewer: Viewer, ticket: Pick<Ticket, 'userId' | 'queueId'>): boolean {
  if (viewer.isAdmin) return true;
  if (ticket.userId === viewer.userId) return true;
  if (!ticket.queueId) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
}
