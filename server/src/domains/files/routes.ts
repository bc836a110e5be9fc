import type { Plugin, Request } from '@hapi/hapi';
import { fileListCreateSchema, fileListListQuery, fileListUpdateSchema, fileListUploadSchema, idParams } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { filePart, multipartPayload } from '../../platform/uploads.js';
import { createFileListService } from './service.js';

/** File lists (document 3), as far as campaigns need them; gated like the campaign area. */
export const filesRoutes: Plugin<AppContext> = {
  name: 'files',
  register(server) {
    const files = createFileListService();
    const tags = ['api', 'files'];
    const plugins = { access: { planFlag: 'useCampaigns' as const } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/files',
        options: { tags, plugins, description: 'File lists of the company, paged and searched by name, as { files, hasMore }', validate: { query: fileListListQuery } },
        handler: (request) => files.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/files/{id}',
        options: { tags, plugins, description: 'One file list with its files', validate: { params: idParams } },
        handler: (request) => files.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/files',
        options: { tags, plugins, description: 'Create a file list (name at least 3 characters, message required)', validate: { payload: fileListCreateSchema } },
        handler: async (request, h) => h.response(await files.create(actor(request), payload(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/files/{id}',
        options: { tags, plugins, description: 'Update a file list', validate: { params: idParams, payload: fileListUpdateSchema } },
        handler: (request) => files.update(actor(request), byId(request), payload(request)),
      },
      {
        method: 'DELETE',
        path: '/files/{id}',
        options: { tags, plugins, description: 'Delete a file list and its files', validate: { params: idParams } },
        handler: async (request, h) => {
          await files.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/files/uploadList/{id}',
        options: {
          tags,
          plugins,
          description: 'Add a file to the list (multipart: name, file), checked by content and size',
          payload: multipartPayload(),
          validate: { params: idParams, payload: fileListUploadSchema },
        },
        handler: async (request) => {
          const body = payload<{ name: string }>(request);
          return files.addFile(actor(request), byId(request), body.name, await filePart(request.payload, 'file'));
        },
      },
    ]);
  },
};
