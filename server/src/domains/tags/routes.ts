import type { Plugin, Request } from '@hapi/hapi';
import {
  idParams,
  kanbanQuery,
  tagAllQuery,
  tagCreateSchema,
  tagListQuery,
  tagSyncSchema,
  tagUpdateSchema,
  ticketIdParams,
  ticketTagParams,
  type KanbanFlag,
} from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { kanbanTickets, type KanbanQuery } from './kanban.js';
import { createTagService, type TagInput } from './service.js';
import { createTicketTagService } from './ticketTags.js';

export const tagsRoutes: Plugin<AppContext> = {
  name: 'tags',
  register(server, context) {
    const tags = createTagService(context.realtime);
    const ticketTags = createTicketTagService(context.realtime);
    const routeTags = ['api', 'tags'];
    const kanban = { access: { planFlag: 'useKanban' as const } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/tags',
        options: { tags: routeTags, description: 'Tags of the company, paged and searched by name, with their ticket counts', validate: { query: tagListQuery } },
        handler: (request) => tags.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/tags/list',
        options: { tags: routeTags, description: 'Every tag of the company (kanban=1: only the kanban lanes)', validate: { query: tagAllQuery } },
        handler: (request) => tags.all(actor(request), query<{ kanban?: KanbanFlag; companyId?: string }>(request)),
      },
      {
        method: 'GET',
        path: '/tags/kanban',
        options: { tags: routeTags, description: 'The kanban lanes: tags flagged kanban, as { lista }', plugins: kanban },
        handler: async (request) => ({ lista: await tags.all(actor(request), { kanban: 1 }) }),
      },
      {
        method: 'GET',
        path: '/tags/{id}',
        options: { tags: routeTags, description: 'One tag with its ticket count', validate: { params: idParams } },
        handler: (request) => tags.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/tags',
        options: { tags: routeTags, description: 'Create a tag (kanban 1 only by admins and supervisors)', validate: { payload: tagCreateSchema } },
        handler: async (request, h) => h.response(await tags.create(actor(request), payload<TagInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/tags/{id}',
        options: { tags: routeTags, description: 'Update a tag (name, color, kanban, userId)', validate: { params: idParams, payload: tagUpdateSchema } },
        handler: (request) => tags.update(actor(request), byId(request), payload<TagInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/tags/{id}',
        options: { tags: routeTags, description: 'Delete a tag and its ticket links', validate: { params: idParams } },
        handler: async (request, h) => {
          await tags.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/tags/sync',
        options: { tags: routeTags, description: "Replace a ticket's tags with exactly the given ones", validate: { payload: tagSyncSchema } },
        handler: (request) => ticketTags.sync(actor(request), payload<{ ticketId: string; tags: { id: string }[] }>(request)),
      },
      {
        method: 'PUT',
        path: '/ticket-tags/{ticketId}/{tagId}',
        options: { tags: routeTags, description: 'Add one tag to a ticket (kanban: card dropped on a lane)', validate: { params: ticketTagParams } },
        handler: (request) => {
          const { ticketId, tagId } = params<{ ticketId: string; tagId: string }>(request);
          return ticketTags.add(actor(request), ticketId, tagId);
        },
      },
      {
        method: 'DELETE',
        path: '/ticket-tags/{ticketId}',
        options: { tags: routeTags, description: 'Remove the lane (kanban) tags of a ticket, keeping the others (kanban: card moved off its lane)', validate: { params: ticketIdParams } },
        handler: async (request, h) => {
          await ticketTags.clear(actor(request), params<{ ticketId: string }>(request).ticketId);
          return h.response().code(204);
        },
      },
      {
        method: 'GET',
        path: '/ticket/kanban',
        options: {
          tags: routeTags,
          description: 'Open and pending tickets with their tags for the kanban board (queueIds as a JSON array; showAll for admins)',
          plugins: kanban,
          validate: { query: kanbanQuery },
        },
        handler: (request) => kanbanTickets(actor(request), query<KanbanQuery>(request)),
      },
    ]);
  },
};
