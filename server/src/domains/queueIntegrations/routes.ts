import type { Plugin, Request } from '@hapi/hapi';
import {
  idParams,
  QUEUE_INTEGRATION_PROFILES,
  queueIntegrationCreateSchema,
  queueIntegrationDeliveriesQuery,
  queueIntegrationListQuery,
  queueIntegrationTestSchema,
  queueIntegrationUpdateSchema,
} from '@atende/shared';
import type { QueueIntegrationData, QueueIntegrationTestData } from '@atende/shared/client';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import type { Dialogflow } from './dialogflow.js';
import { createQueueIntegrationService } from './service.js';

export interface QueueIntegrationsContext extends AppContext {
  dialogflow: Dialogflow;
}

/**
 * Queue integrations (document 3 section 7), behind the plan's useIntegrations. They hold
 * credentials and endpoints and are set on queues and connections, which admins manage: every
 * route is the company's admins' (and super users').
 */
export const queueIntegrationsRoutes: Plugin<QueueIntegrationsContext> = {
  name: 'queueIntegrations',
  register(server, context) {
    const integrations = createQueueIntegrationService(context);
    const tags = ['api', 'queueIntegration'];
    const plugins = { access: { profiles: [...QUEUE_INTEGRATION_PROFILES], planFlag: 'useIntegrations' as const } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/queueIntegration',
        options: { tags, plugins, description: "The company's integrations searched by name, in name order, as { queueIntegrations, hasMore }", validate: { query: queueIntegrationListQuery } },
        handler: (request) => integrations.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/queueIntegration/{id}',
        options: { tags, plugins, description: 'One integration (credentials and signing secret masked)', validate: { params: idParams } },
        handler: (request) => integrations.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/queueIntegration',
        options: {
          tags,
          plugins,
          description: 'Create an integration with the fields of its type; n8n and webhook answer their signing secret whole in newWebhookSecret, this once',
          validate: { payload: queueIntegrationCreateSchema },
        },
        handler: async (request, h) => h.response(await integrations.create(actor(request), payload<QueueIntegrationData>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/queueIntegration/{id}',
        options: { tags, plugins, description: 'Update an integration (the masked jsonContent sent back keeps the stored credentials)', validate: { params: idParams, payload: queueIntegrationUpdateSchema } },
        handler: (request) => integrations.update(actor(request), byId(request), payload<Partial<QueueIntegrationData>>(request)),
      },
      {
        method: 'DELETE',
        path: '/queueIntegration/{id}',
        options: { tags, plugins, description: 'Delete an integration and its delivery log; refused with 409 ERR_INTEGRATION_IN_USE while a queue or a connection uses it', validate: { params: idParams } },
        handler: async (request, h) => {
          await integrations.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/queueIntegration/testSession',
        options: {
          tags,
          plugins,
          description: 'Whether dialogflow credentials work: { ok, intent, reply } or { ok: false, reason }; a masked jsonContent with the integration id uses the stored ones',
          validate: { payload: queueIntegrationTestSchema },
        },
        handler: (request) => integrations.testSession(actor(request), payload<QueueIntegrationTestData>(request)),
      },
      {
        method: 'POST',
        path: '/queueIntegration/{id}/secret',
        options: { tags, plugins, description: 'A new signing secret for an n8n or webhook integration, answered whole this once (newWebhookSecret); the old one stops at once', validate: { params: idParams } },
        handler: (request) => integrations.rotateSecret(actor(request), byId(request)),
      },
      {
        method: 'GET',
        path: '/queueIntegration/{id}/deliveries',
        options: {
          tags,
          plugins,
          description: 'The delivery log of an n8n or webhook integration, newest first: each event with its attempts (status code, duration, error)',
          validate: { params: idParams, query: queueIntegrationDeliveriesQuery },
        },
        handler: (request) => integrations.deliveries(actor(request), byId(request), query<{ pageNumber: number }>(request).pageNumber),
      },
    ]);
  },
};
