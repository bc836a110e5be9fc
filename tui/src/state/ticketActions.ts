/**
 * The ticket transitions of document 1 section 4 as PUT /tickets/{id} payloads, and which of them
 * a ticket in its status offers; stopping the conversation flow that runs in it (ticket.flowRun).
 */
import type { Ticket, TicketUpdate } from '@atende/shared';

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen' | 'transfer' | 'tags' | 'stopFlow';

export function offers(ticket: Ticket, action: TicketAction): boolean {
  switch (action) {
    case 'accept':
      return ticket.status === 'pending';
    case 'return':
      return ticket.status === 'open';
    case 'resolve':
    case 'transfer':
      return ticket.status !== 'closed';
    case 'reopen':
      return ticket.status === 'closed';
    case 'tags':
      return true;
    case 'stopFlow':
      return Boolean(ticket.flowRun);
  }
}

/** pending -> open, assigned to the agent. */
export function acceptUpdate(userId: string): TicketUpdate {
  return { status: 'open', userId };
}

/** open -> pending, the user cleared. */
export function returnUpdate(): TicketUpdate {
  return { status: 'pending', userId: null };
}

/** -> closed by the agent, with the integration fields switched off. */
export function resolveUpdate(ticket: Ticket, userId: string): TicketUpdate {
  return { status: 'closed', userId, queueId: ticket.queueId, useIntegration: false, promptId: false, integrationId: false };
}

/** closed -> open, assigned to the agent. */
export function reopenUpdate(ticket: Ticket, userId: string): TicketUpdate {
  return { status: 'open', userId, queueId: ticket.queueId };
}

/** To a queue alone (the ticket waits there, pending) or to a queue and a user. */
export function transferUpdate(queueId: string, userId: string | null): TicketUpdate {
  return { queueId, userId };
}
