/**
 * When a new message deserves the notification line and the bell (document 1 section 4,
 * notifications): not from us, not in a group, the ticket not pending (unless the agent has
 * allTicket), unassigned or assigned to this agent, in one of the agent's queues or none, and not
 * the ticket the agent is looking at.
 */
import type { Message, Ticket, TicketViewer } from '@atende/shared';

export function shouldNotify(message: Message, ticket: Ticket, viewer: TicketViewer, viewingTicketId: string | null): boolean {
  if (message.fromMe || ticket.isGroup) return false;
  if (ticket.status === 'pending' && !viewer.allTicket) return false;
  if (ticket.userId && ticket.userId !== viewer.userId) return false;
  if (ticket.queueId && !viewer.queueIds.includes(ticket.queueId)) return false;
  return ticket.id !== viewingTicketId;
}
