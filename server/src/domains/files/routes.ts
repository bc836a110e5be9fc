import type { Plugin, Request } from '@hapi/hapi';
import { fileListCreateSchema, fileListListQuery, fileListUpdateSchema, fileListUploadSchema, idParams } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { fileParts, multipartPayload } from '../../platform/uploads.js';
import { createFileListService, type FileListInput, type FileListUploadItem } from './service.js';

interface UploadFields {
  fileId?: string;
  name?: string | string[];
  id?: string | string[];
}

/** A multipart field sent once or once per file, as a list. */
const listOf = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * File lists (document 3). Every profile reads them (the campaign dialog picks one); writing them
 * is the /files page's, which the menu offers to admins: admins (and super users) only. No plan
 * flag: the lists serve campaigns and the send API alike.
 */
export const filesRoutes: Plugin<AppContext> = {
  name: 'files',
  register(server, context) {
    const files = createFileListService(context.realtime);
    const tags = ['api', 'files'];
    const writers = { access: { profiles: ['admin' as const] } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/files',
        options: { tags, description: "The company's file lists by name, paged and searched by name, as { files, count, hasMore } (companyId, as campaigns send it, is the caller's)", validate: { query: fileListListQuery } },
        handler: (request) => files.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/files/{id}',
        options: { tags, description: 'One file list with its options', validate: { params: idParams } },
        handler: (request) => files.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/files',
        options: { tags, plugins: writers, description: 'Create a file list (name at least 3 characters, message required, options named; their files come by uploadList)', validate: { payload: fileListCreateSchema } },
        handler: async (request, h) => h.response(await files.create(actor(request), payload<FileListInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/files/{id}',
        options: { tags, plugins: writers, description: 'Update a file list; `options` are the ones kept (by id) or added: one left out is removed with its file', validate: { params: idParams, payload: fileListUpdateSchema } },
        handler: (request) => files.update(actor(request), byId(request), payload<FileListInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/files/{id}',
        options: { tags, plugins: writers, description: 'Delete a file list and its files', validate: { params: idParams } },
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
          plugins: writers,
          description:
            'Files for the options (multipart: files, and per file at the same position its option id (empty: a new option), name and mediaType; fileId, typeArch). ' +
            'Checked by content and size (image 2 MB, audio 5 MB, video and documents 20 MB); a replaced file is removed',
          payload: multipartPayload(),
          validate: { params: idParams, payload: fileListUploadSchema },
        },
        handler: async (request) => {
          const fields = payload<UploadFields>(request);
          if (fields.fileId && fields.fileId !== byId(request)) throw new AppError('ERR_VALIDATION', { field: 'fileId', rule: 'any.only' }, 'payload fileId: must be the list of the path');
          const parts = await fileParts(request.payload, 'files');
          const names = listOf(fields.name);
          const ids = listOf(fields.id);
          const items: FileListUploadItem[] = parts.map((file, index) => ({ file, name: names[index]?.trim() || null, optionId: ids[index] || null }));
          return files.upload(actor(request), byId(request), items);
        },
      },
    ]);
  },
};
