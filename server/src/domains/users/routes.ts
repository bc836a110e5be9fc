import type { Plugin } from '@hapi/hapi';
import { id, idParams, Joi, languageParams, userCreateSchema, userListQuery, userUpdateSchema, type Language } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { createUserService, type UserInput } from './service.js';

export const usersRoutes: Plugin<AppContext> = {
  name: 'users',
  register(server, context) {
    const users = createUserService(context.realtime, context.emailProbes);
    const tags = ['api', 'users'];
    const admins = { access: { profiles: ['admin' as const] } };

    server.route([
      {
        method: 'GET',
        path: '/users',
        options: {
          tags,
          description: 'Users of the company, paged, searched by name or e-mail',
          plugins: { access: { profiles: ['admin', 'supervisor'] } },
          validate: { query: userListQuery },
        },
        handler: (request) => users.list(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/users/list',
        options: {
          tags,
          description: 'Every user of the company (pickers: transfer, filters)',
          validate: { query: Joi.object({ companyId: id }) },
        },
        handler: (request) => users.listAll(actor(request), query<{ companyId?: string }>(request).companyId),
      },
      {
        method: 'GET',
        path: '/users/{id}',
        options: { tags, description: 'One user (self, or any for admins and supervisors)', validate: { params: idParams } },
        handler: (request) => users.get(actor(request), params<{ id: string }>(request).id),
      },
      {
        method: 'POST',
        path: '/users',
        options: { tags, description: 'Create a user (plan user limit applies)', plugins: admins, validate: { payload: userCreateSchema } },
        handler: async (request, h) => h.response(await users.create(actor(request), payload<UserInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/users/{id}',
        options: {
          tags,
          description: 'Update a user (admins: anyone; others: their own name, e-mail, password, language)',
          validate: { params: idParams, payload: userUpdateSchema },
        },
        handler: (request) => users.update(actor(request), params<{ id: string }>(request).id, payload<UserInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/users/{id}',
        options: { tags, description: 'Delete a user', plugins: admins, validate: { params: idParams } },
        handler: async (request, h) => {
          await users.remove(actor(request), params<{ id: string }>(request).id);
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/users/set-language/{lang}',
        options: { tags, description: "Store the user's interface language", validate: { params: languageParams } },
        handler: (request) => users.setLanguage(actor(request), params<{ lang: Language }>(request).lang),
      },
    ]);
  },
};
