import type { Plugin, Request } from '@hapi/hapi';
import { announcementCreateSchema, announcementListQuery, announcementMediaSchema, announcementUpdateSchema, idParams } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { filePart, multipartPayload } from '../../platform/uploads.js';
import { createAnnouncementService, type AnnouncementInput } from './service.js';

export const announcementsRoutes: Plugin<AppContext> = {
  name: 'announcements',
  register(server, context) {
    const announcements = createAnnouncementService(context.realtime);
    const tags = ['api', 'announcements'];
    const superOnly = { access: { super: true } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/announcements',
        options: {
          tags,
          description: 'Announcements, paged and searched by title, highest priority then newest first (super users: all; others: the active ones)',
          validate: { query: announcementListQuery },
        },
        handler: (request) => announcements.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/announcements/{id}',
        options: { tags, description: 'One announcement (an inactive one: super users only)', validate: { params: idParams } },
        handler: (request) => announcements.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/announcements',
        options: { tags, description: 'Publish an announcement to every company', plugins: superOnly, validate: { payload: announcementCreateSchema } },
        handler: async (request, h) => h.response(await announcements.create(payload<AnnouncementInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/announcements/{id}',
        options: { tags, description: 'Update an announcement', plugins: superOnly, validate: { params: idParams, payload: announcementUpdateSchema } },
        handler: (request) => announcements.update(byId(request), payload<AnnouncementInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/announcements/{id}',
        options: { tags, description: 'Delete an announcement and its attachment', plugins: superOnly, validate: { params: idParams } },
        handler: async (request, h) => {
          await announcements.remove(byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/announcements/{id}/media-upload',
        options: {
          tags,
          description: 'Attach an image (multipart: file; png, jpg, jpeg), checked by content and size, replacing the previous one',
          plugins: superOnly,
          payload: multipartPayload(),
          validate: { params: idParams, payload: announcementMediaSchema },
        },
        handler: async (request) => announcements.attach(actor(request), byId(request), await filePart(request.payload, 'file')),
      },
      {
        method: 'DELETE',
        path: '/announcements/{id}/media-upload',
        options: { tags, description: 'Remove the attachment (the file too)', plugins: superOnly, validate: { params: idParams } },
        handler: async (request, h) => {
          await announcements.detach(byId(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
