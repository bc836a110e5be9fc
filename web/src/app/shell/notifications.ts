/**
 * Which incoming messages notify (document 1 section 4, notifications): not from me, not in a
 * group, the ticket unassigned or mine, its queue among mine or none, not pending (unless the user
 * has allTicket enabled), and not while that ticket is on screen in a visible page.
 */
import type { AllTicket, Message, Ticket } from '@atende/shared';

export interface NotificationViewer {
  userId: string;
  queueIds: string[];
  allTicket: AllTicket;
  /** uuid or id of the ticket open in the conversation pane, null when none. */
  viewingTicket: string | null;
  pageVisible: boolean;
}

export function shouldNotify(message: Pick<Message, 'fromMe'>, ticket: Pick<Ticket, 'id' | 'uuid' | 'status' | 'userId' | 'queueId' | 'isGroup'>, viewer: NotificationViewer): boolean {
  if (message.fromMe || ticket.isGroup) return false;
  if (ticket.status === 'closed') return false;
  if (ticket.status === 'pending' && viewer.allTicket !== 'enabled') return false;
  if (ticket.userId && ticket.userId !== viewer.userId) return false;
  if (ticket.queueId && !viewer.queueIds.includes(ticket.queueId)) return false;
  const onScreen = viewer.viewingTicket !== null && (viewer.viewingTicket === ticket.uuid || viewer.viewingTicket === ticket.id);
  return !(onScreen && viewer.pageVisible);
}

/** The ticket a path shows: /tickets/{uuid} or /tickets/u/{id}. */
export function ticketInPath(pathname: string): string | null {
  const match = /^\/tickets\/(?:u\/)?([^/]+)\/?$/.exec(pathname);
  return match?.[1] ?? null;
}
