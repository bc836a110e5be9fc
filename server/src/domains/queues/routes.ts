import type { Plugin } from '@hapi/hapi';
import {
  idParams,
  queueCreateSchema,
  queueListQuery,
  queueOptionCreateSchema,
  queueOptionListQuery,
  queueOptionUpdateSchema,
  queueUpdateSchema,
} from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { createQueueOptionService, type QueueOptionInput } from './options.js';
import { createQueueService, type QueueInput } from './service.js';

export const queuesRoutes: Plugin<AppContext> = {
  name: 'queues',
  register(server, context) {
    const queues = createQueueService(context.realtime);
    const options = createQueueOptionService(context.realtime);
    const tags = ['api', 'queues'];
    const admins = { access: { profiles: ['admin' as const] } };
    const byId = (request: Parameters<typeof actor>[0]) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/queue',
        options: {
          tags,
          description: "The company's queues with their schedules, in menu order (orderQueue, then name)",
          validate: { query: queueListQuery },
        },
        handler: (request) => queues.list(actor(request), query<{ companyId?: string }>(request).companyId),
      },
      {
        method: 'GET',
        path: '/queue/{id}',
        options: { tags, description: 'One queue with every option of its tree', validate: { params: idParams } },
        handler: (request) => queues.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/queue',
        options: {
          tags,
          description: 'Create a queue (plan queue limit; unique colour and name; greeting required from the second queue)',
          plugins: admins,
          validate: { payload: queueCreateSchema },
        },
        handler: async (request, h) => h.response(await queues.create(actor(request), payload<QueueInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/queue/{id}',
        options: { tags, description: 'Update a queue (form fields, schedules, promptId)', plugins: admins, validate: { params: idParams, payload: queueUpdateSchema } },
        handler: (request) => queues.update(actor(request), byId(request), payload<QueueInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/queue/{id}',
        options: { tags, description: 'Delete a queue: its options go, users, connections and tickets lose it', plugins: admins, validate: { params: idParams } },
        handler: async (request, h) => {
          await queues.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'GET',
        path: '/queue-options',
        options: {
          tags,
          description: 'Options of a queue at one level (parentId -1: the top level; omitted: all), ordered by option',
          validate: { query: queueOptionListQuery },
        },
        handler: (request) => options.list(actor(request), query<{ queueId: string; parentId?: string | number }>(request)),
      },
      {
        method: 'GET',
        path: '/queue-options/{id}',
        options: { tags, description: 'One queue option', validate: { params: idParams } },
        handler: (request) => options.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/queue-options',
        options: { tags, description: 'Add an option under a queue (parentId -1) or under another option', plugins: admins, validate: { payload: queueOptionCreateSchema } },
        handler: async (request, h) => h.response(await options.create(actor(request), payload<QueueOptionInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/queue-options/{id}',
        options: { tags, description: 'Update the title, message or option number of an option', plugins: admins, validate: { params: idParams, payload: queueOptionUpdateSchema } },
        handler: (request) => options.update(actor(request), byId(request), payload<QueueOptionInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/queue-options/{id}',
        options: { tags, description: 'Delete an option with every option below it', plugins: admins, validate: { params: idParams } },
        handler: async (request, h) => {
          await options.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
