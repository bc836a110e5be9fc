/**
 * GET /tickets: every filter of document 1 section 7, within what the viewer may see.
 *
 * Who sees which list (the console's live rule, web ticketBelongs, is the same): a status list
 * holds, for an admin with show-all, every ticket of that status (or of the picked queues, plus
 * queueless ones); for everyone else, the tickets of the picked queues among the viewer's own (an
 * admin picks any queue) plus the queueless ones (admins, and others with allTicket), and of the
 * open ones only those assigned to the viewer. Each such list is a union of lanes (lanes.ts), read by lanePages.ts.
 * Filters that narrow a list further (tags, a creation day, unread) read their own small set of
 * candidates by key and keep those of the lanes. A text search (the search tab) finds among every
 * ticket the viewer may see (canSee), a colleague's open ticket of the viewer's queues included.
 */
import { TICKET_STATUSES, TICKETS_PAGE_SIZE, type TicketListQuery, type TicketStatus, type TicketsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { page } from '../../platform/http/paging.js';
import { queueCards } from '../queues/cache.js';
import { bucketKey, laneOf, lanesOfTicket, type Lane } from './lanes.js';
import { lanePage, orderOf } from './lanePages.js';
import { TicketModel, type TicketDoc } from './model.js';
import { ticketSearchCandidates } from './search.js';
import { ticketViews } from './view.js';
import { canSee, viewerOf, type Viewer } from './visibility.js';

/** The filters after the schema's defaults. */
export type ListQuery = TicketListQuery & Required<Pick<TicketListQuery, 'searchParam' | 'pageNumber' | 'showAll' | 'withUnreadMessages' | 'order'>>;

/** The lanes whose union is the list of `status` for this viewer and these filters. */
function lanesOf(viewer: Viewer, status: TicketStatus, query: ListQuery, companyQueueIds: string[]): Lane[] {
  const { companyId } = viewer;
  const showAll = viewer.isAdmin && query.showAll;
  // Admins pick among every queue of the company, the others among their own.
  const pickable = viewer.isAdmin ? companyQueueIds : viewer.queueIds;
  const picked = query.queueIds ? pickable.filter((id) => query.queueIds!.includes(id)) : pickable;
  const queues: (string | null)[] = [...picked];
  // Queueless tickets come with the picked queues for whoever may see them (admins, allTicket).
  if (viewer.isAdmin || viewer.allTicket) queues.push(null);
  if (query.users?.length) {
    const users = viewer.isAdmin ? query.users : query.users.filter((id) => id === viewer.userId);
    return users.flatMap((userId) => queues.map((queueId) => laneOf(companyId, status, { kind: 'user', userId, queueId })));
  }
  if (showAll && picked.length === companyQueueIds.length) return [laneOf(companyId, status, { kind: 'all' })];
  if (status === 'open' && !showAll) return queues.map((queueId) => laneOf(companyId, status, { kind: 'user', userId: viewer.userId, queueId }));
  return queues.map((queueId) => laneOf(companyId, status, { kind: 'queue', queueId }));
}

/** Tickets of the company narrowed by the filters that are not lanes; null when none is set. */
async function candidates(companyId: string, query: ListQuery): Promise<TicketDoc[] | null> {
  if (query.date) return TicketModel.find({ companyId, createdDay: query.date }).lean<TicketDoc[]>();
  if (query.tags?.length) {
    const tagged = await Promise.all(query.tags.map((tagId) => TicketModel.find({ companyId, tagIds: tagId }).lean<TicketDoc[]>()));
    return [...new Map(tagged.flat().map((ticket) => [String(ticket._id), ticket])).values()];
  }
  if (query.searchParam) return ticketSearchCandidates(companyId, query.searchParam);
  if (query.withUnreadMessages) return TicketModel.find({ companyId, unreadKey: companyId }).lean<TicketDoc[]>();
  return null;
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The filters a candidate must still pass (its lanes are checked apart). */
function passes(ticket: TicketDoc, query: ListQuery): boolean {
  if (query.date && ticket.createdDay !== query.date) return false;
  if (query.updatedAt && dayOf(ticket.updatedAt) !== query.updatedAt) return false;
  if (query.withUnreadMessages && !(ticket.unreadMessages > 0)) return false;
  if (query.tags?.length && !ticket.tagIds.some((tagId) => query.tags!.includes(String(tagId)))) return false;
  return true;
}

/** Whether a text search lists the ticket: one the viewer may see, of the picked statuses, queues and users. */
function searchable(viewer: Viewer, ticket: TicketDoc, query: ListQuery, statuses: readonly TicketStatus[]): boolean {
  // An admin without show-all searches as the others do: their queues and their own tickets.
  const seer = viewer.isAdmin && !query.showAll ? { ...viewer, isAdmin: false } : viewer;
  if (!statuses.includes(ticket.status) || !canSee(seer, ticket)) return false;
  if (query.queueIds && ticket.queueId && !query.queueIds.includes(String(ticket.queueId))) return false;
  if (query.users?.length && !(ticket.userId && query.users.includes(String(ticket.userId)))) return false;
  return true;
}

export async function listTickets(actor: AuthCredentials, query: ListQuery): Promise<TicketsPage> {
  const { companyId } = actor;
  const [viewer, queues] = await Promise.all([viewerOf(actor), queueCards.get(companyId)]);
  const statuses: readonly TicketStatus[] = query.status ? [query.status] : TICKET_STATUSES;
  const lanes = statuses.flatMap((status) => lanesOf(viewer, status, query, [...queues.keys()]));
  const window = page(query.pageNumber, TICKETS_PAGE_SIZE);

  const found = await candidates(companyId, query);
  if (found || query.updatedAt) {
    const pool = found ?? (await ticketsUpdatedOn(companyId, lanes, query.updatedAt!));
    const laneIds = new Set(lanes.map((lane) => lane.id));
    const listed = query.searchParam ? (ticket: TicketDoc) => searchable(viewer, ticket, query, statuses) : (ticket: TicketDoc) => lanesOfTicket(ticket).some((lane) => laneIds.has(lane.id));
    const rows = pool.filter((ticket) => passes(ticket, query) && listed(ticket)).sort(orderOf(query.order));
    return { tickets: await ticketViews(companyId, rows.slice(window.skip, window.skip + window.limit)), hasMore: rows.length > window.skip + window.limit };
  }
  const { rows, hasMore } = await lanePage(companyId, lanes, window.skip, window.limit, query.order);
  return { tickets: await ticketViews(companyId, rows), hasMore };
}

/** The lanes' tickets whose latest activity was on that UTC day (a day bucket each). */
async function ticketsUpdatedOn(companyId: string, lanes: Lane[], day: string): Promise<TicketDoc[]> {
  const period = day.slice(2).replace(/-/g, '');
  const found = await Promise.all(lanes.map((lane) => TicketModel.find({ companyId, listKeys: bucketKey(lane, period) }).lean<TicketDoc[]>()));
  return found.flat();
}
