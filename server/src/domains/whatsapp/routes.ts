import type { Plugin } from '@hapi/hapi';
import { idParams, whatsappCreateSchema, whatsappDeleteQuery, whatsappListQuery, whatsappUpdateSchema } from '@atende/shared';
import type { SessionControl } from './sessionControl.js';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { createHealthService } from './health.js';
import { createWhatsappService, type WhatsappInput } from './service.js';

export type ChannelRoutesOptions = AppContext & { sessions: SessionControl };

export const whatsappRoutes: Plugin<ChannelRoutesOptions> = {
  name: 'whatsapp',
  register(server, options) {
    const whatsapps = createWhatsappService({ realtime: options.realtime, logger: options.logger, sessions: options.sessions });
    const tags = ['api', 'whatsapp'];
    const admins = { access: { profiles: ['admin' as const] } };
    const healths = createHealthService(options.sessions);
    const byId = (request: Parameters<typeof params>[0]) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/whatsapp',
        options: {
          tags,
          description: 'Connections of the company (any member: the new-ticket modal picks one; the API token only for admins)',
          validate: { query: whatsappListQuery },
        },
        handler: (request) => whatsapps.list(actor(request), query<{ companyId?: string }>(request)),
      },
      {
        method: 'GET',
        path: '/whatsapp/health',
        options: { tags, description: 'Health of every connection of the company: status timeline, traffic, reconnects, messages recovered, decryption failures' },
        handler: (request) => healths.list(actor(request)),
      },
      {
        method: 'GET',
        path: '/whatsapp/{id}/health',
        options: { tags, description: 'Health of one connection', validate: { params: idParams } },
        handler: (request) => healths.get(actor(request), byId(request)),
      },
      {
        method: 'GET',
        path: '/whatsapp/{id}',
        options: { tags, description: 'One connection, with its QR code while status is qrcode', validate: { params: idParams } },
        handler: (request) => whatsapps.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/whatsapp',
        options: {
          tags,
          description: 'Create a connection (plan connection limit; the first one is the default) and start its session',
          plugins: admins,
          validate: { payload: whatsappCreateSchema },
        },
        handler: async (request, h) => h.response(await whatsapps.create(actor(request), payload<WhatsappInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/whatsapp/{id}',
        options: {
          tags,
          description: "Update a connection (token '' draws a new API token; isDefault moves the default here)",
          plugins: admins,
          validate: { params: idParams, payload: whatsappUpdateSchema },
        },
        handler: (request) => whatsapps.update(actor(request), byId(request), payload<WhatsappInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/whatsapp/{id}',
        options: {
          tags,
          description: 'Delete a connection: session ended, credentials removed (the default needs newDefaultId while others exist)',
          plugins: admins,
          validate: { params: idParams, query: whatsappDeleteQuery },
        },
        handler: async (request, h) => {
          await whatsapps.remove(actor(request), byId(request), query<{ newDefaultId?: string }>(request).newDefaultId);
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/whatsappsession/{id}',
        options: { tags, description: 'Start the session (try again)', plugins: admins, validate: { params: idParams } },
        handler: (request) => whatsapps.startSession(actor(request), byId(request)),
      },
      {
        method: 'PUT',
        path: '/whatsappsession/{id}',
        options: { tags, description: 'New QR code: forget the pairing and start a new one', plugins: admins, validate: { params: idParams } },
        handler: (request) => whatsapps.restartSession(actor(request), byId(request)),
      },
      {
        method: 'DELETE',
        path: '/whatsappsession/{id}',
        options: { tags, description: 'Disconnect: credentials removed, a new scan is needed', plugins: admins, validate: { params: idParams } },
        handler: (request) => whatsapps.logoutSession(actor(request), byId(request)),
      },
    ]);
  },
};
