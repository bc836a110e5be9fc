/** The kanban board (document 2 sections 2, 4 and 6): open and pending tickets with their tags. */
import { KANBAN_TICKETS_MAX, type KanbanTicket } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { ticketViews } from '../tickets/view.js';
import { viewerOf, visibleCondition } from '../tickets/visibility.js';

export interface KanbanQuery {
  queueIds?: string[];
  showAll: boolean;
}

/**
 * showAll is honoured for admins only; everyone else sees the tickets of their queues, their own,
 * and queueless ones when allTicket is enabled. queueIds narrow the board to those queues
 * (queueless tickets stay: they fill the board's first lane). Newest activity first, at most
 * KANBAN_TICKETS_MAX cards.
 */
export async function kanbanTickets(actor: AuthCredentials, query: KanbanQuery): Promise<{ tickets: KanbanTicket[] }> {
  const { companyId } = actor;
  const viewer = await viewerOf(actor);
  const conditions: Record<string, unknown>[] = [{ status: { $in: ['open', 'pending'] } }];
  if (!(viewer.isAdmin && query.showAll)) conditions.push(visibleCondition(viewer));
  if (query.queueIds && query.queueIds.length > 0) conditions.push({ queueId: { $in: [...query.queueIds, null] } });
  const rows = await TicketModel.find({ companyId, $and: conditions }).sort({ updatedAt: -1, _id: -1 }).limit(KANBAN_TICKETS_MAX).lean<TicketDoc[]>();
  return { tickets: await ticketViews(companyId, rows) };
}
