import type { Plugin } from '@hapi/hapi';
import { helpCreateSchema, helpListQuery, helpUpdateSchema, idParams } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { params, payload, query } from '../../platform/http/routes.js';
import { helpService as helps, type HelpInput } from './service.js';

export const helpsRoutes: Plugin<AppContext> = {
  name: 'helps',
  register(server) {
    const tags = ['api', 'helps'];
    const superOnly = { access: { super: true } };
    const byId = (request: Parameters<typeof params>[0]) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/helps',
        options: { tags, description: 'Help videos, paged', validate: { query: helpListQuery } },
        handler: (request) => helps.list(query(request)),
      },
      {
        method: 'GET',
        path: '/helps/list',
        options: { tags, description: 'Every help video (the help page grid)' },
        handler: () => helps.listAll(),
      },
      {
        method: 'GET',
        path: '/helps/{id}',
        options: { tags, description: 'One help video', validate: { params: idParams } },
        handler: (request) => helps.get(byId(request)),
      },
      {
        method: 'POST',
        path: '/helps',
        options: { tags, description: 'Create a help video', plugins: superOnly, validate: { payload: helpCreateSchema } },
        handler: async (request, h) => h.response(await helps.create(payload<HelpInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/helps/{id}',
        options: { tags, description: 'Update a help video', plugins: superOnly, validate: { params: idParams, payload: helpUpdateSchema } },
        handler: (request) => helps.update(byId(request), payload<HelpInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/helps/{id}',
        options: { tags, description: 'Delete a help video', plugins: superOnly, validate: { params: idParams } },
        handler: async (request, h) => {
          await helps.remove(byId(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
