/** The kanban board (document 2 sections 2, 4 and 6): open and pending tickets with their tags. */
import { KANBAN_TICKETS_MAX, type KanbanTicket } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { queueCards } from '../queues/cache.js';
import { lanePage } from '../tickets/lanePages.js';
import { laneOf, type Lane } from '../tickets/lanes.js';
import { ticketViews } from '../tickets/view.js';
import { viewerOf } from '../tickets/visibility.js';

export interface KanbanQuery {
  queueIds?: string[];
  showAll: boolean;
}

/**
 * The cards: open and pending tickets, newest activity first, at most KANBAN_TICKETS_MAX. An admin
 * with showAll sees every one; everyone else the tickets of their queues (queueless ones with
 * allTicket) and their own wherever they are. queueIds narrow the board (queueless cards stay).
 */
export async function kanbanTickets(actor: AuthCredentials, query: KanbanQuery): Promise<{ tickets: KanbanTicket[] }> {
  const { companyId } = actor;
  const [viewer, queues] = await Promise.all([viewerOf(actor), queueCards.get(companyId)]);
  const companyQueues = [...queues.keys()];
  const picked = query.queueIds?.length ? companyQueues.filter((id) => query.queueIds!.includes(id)) : companyQueues;
  const lanes = (['open', 'pending'] as const).flatMap((status): Lane[] => {
    if (viewer.isAdmin && query.showAll) return query.queueIds?.length ? [...picked, null].map((queueId) => laneOf(companyId, status, { kind: 'queue', queueId })) : [laneOf(companyId, status, { kind: 'all' })];
    // Disjoint lanes: the queues seen whole, then the viewer's own tickets in the other queues.
    const seen: (string | null)[] = picked.filter((id) => viewer.isAdmin || viewer.queueIds.includes(id));
    if (viewer.allTicket) seen.push(null);
    const elsewhere = [...companyQueues, null].filter((queueId) => !seen.includes(queueId));
    return [
      ...seen.map((queueId) => laneOf(companyId, status, { kind: 'queue', queueId })),
      ...elsewhere.map((queueId) => laneOf(companyId, status, { kind: 'user', userId: viewer.userId, queueId })),
    ];
  });
  const { rows } = await lanePage(companyId, lanes, 0, KANBAN_TICKETS_MAX);
  return { tickets: await ticketViews(companyId, rows) };
}
