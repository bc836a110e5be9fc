/** Tags, ticket tags and the kanban board (document 2 sections 3, 4 and 7). */
import type { KanbanFlag, KanbanTicket, Tag, TagsPage, TicketTags } from '../../domain/tags.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface TagData {
  name: string;
  color?: string;
  /** 1 only for admins and supervisors. */
  kanban?: KanbanFlag;
  userId?: string | null;
}

export function tagCalls(http: Http) {
  const one = (id: string) => `/tags/${encodeURIComponent(id)}`;
  return {
    page: (query: PageQuery = {}) => http.request<TagsPage>('GET', '/tags', { query }),
    list: (query: { kanban?: KanbanFlag } = {}) => http.request<Tag[]>('GET', '/tags/list', { query }),
    /** The kanban lanes (plan useKanban). */
    kanban: () => http.request<{ lista: Tag[] }>('GET', '/tags/kanban'),
    get: (id: string) => http.request<Tag>('GET', one(id)),
    create: (data: TagData) => http.request<Tag>('POST', '/tags', { body: data }),
    update: (id: string, data: Partial<TagData>) => http.request<Tag>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    /** The ticket ends up with exactly these tags. */
    sync: (ticketId: string, tagIds: string[]) => http.request<TicketTags>('POST', '/tags/sync', { body: { ticketId, tags: tagIds.map((id) => ({ id })) } }),
    addToTicket: (ticketId: string, tagId: string) =>
      http.request<TicketTags>('PUT', `/ticket-tags/${encodeURIComponent(ticketId)}/${encodeURIComponent(tagId)}`),
    clearTicket: (ticketId: string) => http.request<void>('DELETE', `/ticket-tags/${encodeURIComponent(ticketId)}`),
    /** Open and pending tickets with their tags (plan useKanban); showAll is honoured for admins. */
    kanbanTickets: (query: { queueIds?: string[]; showAll?: boolean } = {}) =>
      http.request<{ tickets: KanbanTicket[] }>('GET', '/ticket/kanban', {
        query: { queueIds: query.queueIds ? JSON.stringify(query.queueIds) : undefined, showAll: query.showAll },
      }),
  };
}

export type TagCalls = ReturnType<typeof tagCalls>;
