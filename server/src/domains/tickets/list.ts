/** GET /tickets: every filter of document 1 section 7, within what the viewer may see. */
import { TICKETS_PAGE_SIZE, type TicketListQuery, type TicketsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { page } from '../../platform/http/paging.js';
import { ContactModel } from '../contacts/model.js';
import { MessageModel } from '../messages/model.js';
import { TicketTagModel } from '../tags/model.js';
import { TicketModel, type TicketDoc } from './model.js';
import { ticketViews } from './view.js';
import { viewerOf, visibleCondition } from './visibility.js';

/** The filters after the schema's defaults. */
export type ListQuery = TicketListQuery & Required<Pick<TicketListQuery, 'searchParam' | 'pageNumber' | 'showAll' | 'withUnreadMessages'>>;

/** Message bodies searched per call, newest first: bounds the cost of a body search. */
const BODY_SEARCH_LIMIT = 2_000;

function dayRange(day: string): { $gte: Date; $lt: Date } {
  const start = new Date(`${day}T00:00:00.000Z`);
  return { $gte: start, $lt: new Date(start.getTime() + 86_400_000) };
}

async function searchCondition(companyId: string, text: string): Promise<Record<string, unknown>> {
  const pattern = searchRegex(text);
  const digits = text.replace(/\D/g, '');
  const contactOr: Record<string, unknown>[] = [{ name: pattern }];
  if (digits.length > 0) contactOr.push({ number: searchRegex(digits) });
  const [contacts, messages] = await Promise.all([
    ContactModel.find({ companyId, $or: contactOr }, { _id: 1 }).limit(BODY_SEARCH_LIMIT).lean<{ _id: unknown }[]>(),
    MessageModel.find({ companyId, body: pattern }, { ticketId: 1 }).sort({ createdAt: -1 }).limit(BODY_SEARCH_LIMIT).lean<{ ticketId: unknown }[]>(),
  ]);
  return {
    $or: [{ contactId: { $in: contacts.map((c) => c._id) } }, { _id: { $in: [...new Set(messages.map((m) => String(m.ticketId)))] } }],
  };
}

export async function listTickets(actor: AuthCredentials, query: ListQuery): Promise<TicketsPage> {
  const viewer = await viewerOf(actor);
  const and: Record<string, unknown>[] = [{ companyId: actor.companyId }];
  if (query.status) and.push({ status: query.status });
  if (!(viewer.isAdmin && query.showAll)) and.push(visibleCondition(viewer));
  if (query.queueIds?.length) and.push({ queueId: { $in: query.queueIds } });
  if (query.users?.length) and.push({ userId: { $in: query.users } });
  if (query.withUnreadMessages) and.push({ unreadMessages: { $gt: 0 } });
  if (query.date) and.push({ createdAt: dayRange(query.date) });
  if (query.updatedAt) and.push({ updatedAt: dayRange(query.updatedAt) });
  if (query.tags?.length) {
    const links = await TicketTagModel.find({ companyId: actor.companyId, tagId: { $in: query.tags } }, { ticketId: 1 }).lean<{ ticketId: unknown }[]>();
    and.push({ _id: { $in: links.map((l) => l.ticketId) } });
  }
  if (query.searchParam) and.push(await searchCondition(actor.companyId, query.searchParam));

  // One row past the page tells whether there is more, without counting every match.
  const window = page(query.pageNumber, TICKETS_PAGE_SIZE);
  const rows = await TicketModel.find({ $and: and })
    .sort({ updatedAt: -1, _id: -1 })
    .skip(window.skip)
    .limit(window.limit + 1)
    .lean<TicketDoc[]>();
  return { tickets: await ticketViews(actor.companyId, rows.slice(0, window.limit)), hasMore: rows.length > window.limit };
}
