import type { Plugin } from '@hapi/hapi';
import { idParams, ticketNoteCreateSchema, ticketNoteListQuery } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { registerTicketNoteVisibility } from './realtime.js';
import { createTicketNoteService, type TicketNoteInput } from './service.js';

export const ticketNotesRoutes: Plugin<AppContext> = {
  name: 'ticketNotes',
  register(server, context) {
    const notes = createTicketNoteService(context.realtime);
    registerTicketNoteVisibility();
    const tags = ['api', 'ticketNotes'];

    server.route([
      {
        method: 'GET',
        path: '/ticket-notes/list',
        options: {
          tags,
          description: 'Notes of a ticket (optionally of its contact), newest first, with their authors',
          validate: { query: ticketNoteListQuery },
        },
        handler: (request) => notes.list(actor(request), query<{ ticketId: string; contactId?: string }>(request)),
      },
      {
        method: 'POST',
        path: '/ticket-notes',
        options: {
          tags,
          description: "Add an internal note to a ticket the user may see (the contact must be the ticket's)",
          validate: { payload: ticketNoteCreateSchema },
        },
        handler: async (request, h) => h.response(await notes.create(actor(request), payload<TicketNoteInput>(request))).code(201),
      },
      {
        method: 'DELETE',
        path: '/ticket-notes/{id}',
        options: { tags, description: 'Delete a note (its author or an admin)', validate: { params: idParams } },
        handler: async (request, h) => {
          await notes.remove(actor(request), params<{ id: string }>(request).id);
          return h.response().code(204);
        },
      },
    ]);
  },
};
