/** Realtime of tickets and messages (document 1 section 4, realtime): one place builds the payloads. */
import type { Message } from '@atende/shared';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { TicketDoc } from './model.js';
import { ticketView } from './view.js';

/** What the ticket filter (realtimeFilters.ts) knows besides the payload: where the ticket was. */
export interface TicketMove {
  was: { status: string; userId: string | null; queueId: string | null } | null;
}

function moveOf(ticket: TicketDoc): TicketMove {
  const was = ticket.previousPosition;
  return { was: was ? { status: was.status, userId: was.userId ? String(was.userId) : null, queueId: was.queueId ? String(was.queueId) : null } : null };
}

export async function publishTicket(realtime: RealtimePublisher, ticket: TicketDoc): Promise<void> {
  const companyId = String(ticket.companyId);
  realtime.publish(companyId, 'ticket', { action: 'update', ticket: await ticketView(companyId, ticket) }, moveOf(ticket));
}

export function publishTicketDeleted(realtime: RealtimePublisher, ticket: TicketDoc): void {
  realtime.publish(String(ticket.companyId), 'ticket', {
    action: 'delete',
    ticketId: String(ticket._id),
    ticket: { id: String(ticket._id), userId: ticket.userId ? String(ticket.userId) : null, queueId: ticket.queueId ? String(ticket.queueId) : null },
  });
}

export function publishUnread(realtime: RealtimePublisher, ticket: TicketDoc): void {
  realtime.publish(String(ticket.companyId), 'ticket', {
    action: 'updateUnread',
    ticketId: String(ticket._id),
    ticket: { id: String(ticket._id), userId: ticket.userId ? String(ticket.userId) : null, queueId: ticket.queueId ? String(ticket.queueId) : null },
  });
}

export async function publishMessage(realtime: RealtimePublisher, action: 'create' | 'update', message: Message, ticket: TicketDoc): Promise<void> {
  const companyId = String(ticket.companyId);
  const view = await ticketView(companyId, ticket);
  realtime.publish(companyId, 'appMessage', { action, message, ticket: view, contact: view.contact });
  // The message moved the ticket (a reopen, a queue picked): those who saw it where it was and may
  // not see it now hear of it on the ticket channel.
  if (ticket.previousPosition) realtime.publish(companyId, 'ticket', { action: 'update', ticket: view }, moveOf(ticket));
}
