import type { Plugin } from '@hapi/hapi';
import { ticketCreateSchema, ticketListQuery, ticketRefParams, ticketUpdateSchema } from '@atende/shared';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import type { InboxContext } from './inboxContext.js';
import { listTickets, type ListQuery } from './list.js';
import type { TicketCreate, TicketUpdate } from '@atende/shared';

export const ticketsRoutes: Plugin<InboxContext> = {
  name: 'tickets',
  register(server, context) {
    const tickets = context.tickets;
    const tags = ['api', 'tickets'];
    const ref = (request: Parameters<typeof params>[0]) => params<{ ref: string }>(request).ref;

    server.route([
      {
        method: 'GET',
        path: '/tickets',
        options: { tags, description: 'Tickets the user may see, newest activity first (order=oldest: least recent first), with every filter of the spec', validate: { query: ticketListQuery } },
        handler: (request) => listTickets(actor(request), query<ListQuery>(request)),
      },
      {
        method: 'GET',
        path: '/tickets/{ref}',
        options: { tags, description: 'One ticket, by id or uuid', validate: { params: ticketRefParams } },
        handler: (request) => tickets.get(actor(request), ref(request)),
      },
      {
        method: 'GET',
        path: '/tickets/u/{ref}',
        options: { tags, description: 'One ticket by id (the /tickets/u/{ticketId} route of the web)', validate: { params: ticketRefParams } },
        handler: (request) => tickets.get(actor(request), ref(request)),
      },
      {
        method: 'POST',
        path: '/tickets',
        options: { tags, description: 'Open a ticket for a contact (ERR_OTHER_OPEN_TICKET when one is already open)', validate: { payload: ticketCreateSchema } },
        handler: async (request, h) => h.response(await tickets.create(actor(request), payload<TicketCreate>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/tickets/{ref}',
        options: { tags, description: 'Accept, return, resolve, reopen or transfer a ticket', validate: { params: ticketRefParams, payload: ticketUpdateSchema } },
        handler: (request) => tickets.update(actor(request), ref(request), payload<TicketUpdate>(request)),
      },
      {
        method: 'DELETE',
        path: '/tickets/{ref}',
        options: { tags, description: 'Delete a ticket with its messages (admins)', plugins: { access: { profiles: ['admin'] } }, validate: { params: ticketRefParams } },
        handler: async (request, h) => {
          await tickets.remove(actor(request), ref(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
