import type { Plugin, Request } from '@hapi/hapi';
import {
  idParams,
  quickMessageAllQuery,
  quickMessageCreateSchema,
  quickMessageListQuery,
  quickMessageMediaSchema,
  quickMessageUpdateSchema,
} from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { filePart, multipartPayload } from '../../platform/uploads.js';
import { createQuickMessageService, type QuickMessageInput } from './service.js';

export const quickMessagesRoutes: Plugin<AppContext> = {
  name: 'quickMessages',
  register(server, context) {
    const quickMessages = createQuickMessageService(context.realtime);
    const tags = ['api', 'quickMessages'];
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/quick-messages',
        options: {
          tags,
          description: "Quick messages, paged and searched by shortcode or text: the user's own and the shared ones (admins: all, or one user's view)",
          validate: { query: quickMessageListQuery },
        },
        handler: (request) => quickMessages.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/quick-messages/list',
        options: { tags, description: "The composer's suggestions: the user's own plus the shared (geral) ones", validate: { query: quickMessageAllQuery } },
        handler: (request) => quickMessages.list(actor(request), query<{ userId?: string }>(request)),
      },
      {
        method: 'GET',
        path: '/quick-messages/{id}',
        options: { tags, description: 'One quick message', validate: { params: idParams } },
        handler: (request) => quickMessages.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/quick-messages',
        options: { tags, description: 'Create a quick message (geral: admins only); shortcode unique for its owner and the shared ones', validate: { payload: quickMessageCreateSchema } },
        handler: async (request, h) => h.response(await quickMessages.create(actor(request), payload<QuickMessageInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/quick-messages/{id}',
        options: { tags, description: 'Update a quick message (own ones; admins any)', validate: { params: idParams, payload: quickMessageUpdateSchema } },
        handler: (request) => quickMessages.update(actor(request), byId(request), payload<QuickMessageInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/quick-messages/{id}',
        options: { tags, description: 'Delete a quick message and its attachment', validate: { params: idParams } },
        handler: async (request, h) => {
          await quickMessages.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/quick-messages/{id}/media-upload',
        options: {
          tags,
          description: 'Attach a file (multipart: typeArch, file), checked by content and size, replacing the previous one',
          payload: multipartPayload(),
          validate: { params: idParams, payload: quickMessageMediaSchema },
        },
        handler: async (request) => quickMessages.attach(actor(request), byId(request), await filePart(request.payload, 'file')),
      },
      {
        method: 'DELETE',
        path: '/quick-messages/{id}/media-upload',
        options: { tags, description: 'Remove the attachment (the file too)', validate: { params: idParams } },
        handler: async (request, h) => {
          await quickMessages.detach(actor(request), byId(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
