import type { Readable } from 'node:stream';
import type { Plugin } from '@hapi/hapi';
import {
  CONTACT_IMPORT_MAX_BYTES,
  contactCreateSchema,
  contactImportSchema,
  contactListQuery,
  contactPickerQuery,
  contactUpdateSchema,
  contactUploadSchema,
  idParams,
} from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { importContactRows } from './import.js';
import { rowsOfFile } from './sheets/file.js';
import { createContactService, type ContactInput, type ContactListQuery } from './service.js';

/** A multipart file part as hapi hands it over with `multipart: { output: 'stream' }`. */
type FilePart = Readable & { hapi?: { filename?: string } };

async function readPart(part: unknown): Promise<{ filename: string; bytes: Buffer }> {
  if (typeof part === 'string') return { filename: '', bytes: Buffer.from(part) };
  const stream = part as FilePart;
  if (!stream || typeof stream.on !== 'function') throw new AppError('ERR_VALIDATION', { field: 'file', rule: 'any.required' }, 'payload file: is required (any.required)');
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string));
  return { filename: stream.hapi?.filename ?? '', bytes: Buffer.concat(pieces) };
}

export const contactsRoutes: Plugin<AppContext> = {
  name: 'contacts',
  register(server, context) {
    const contacts = createContactService(context.realtime);
    const tags = ['api', 'contacts'];

    server.route([
      {
        method: 'GET',
        path: '/contacts',
        options: {
          tags,
          description: 'Contacts of the company, paged, searched by name, number or e-mail',
          validate: { query: contactListQuery },
        },
        handler: (request) => contacts.list(actor(request), query<ContactListQuery>(request)),
      },
      {
        method: 'GET',
        path: '/contacts/list',
        options: {
          tags,
          description: 'Every contact of the company (id, name, number, email) for pickers',
          validate: { query: contactPickerQuery },
        },
        handler: (request) => contacts.listAll(actor(request), query<{ companyId?: string }>(request).companyId),
      },
      {
        method: 'GET',
        path: '/contacts/{id}',
        options: { tags, description: 'One contact with its extra information', validate: { params: idParams } },
        handler: (request) => contacts.get(actor(request), params<{ id: string }>(request).id),
      },
      {
        method: 'POST',
        path: '/contacts',
        options: { tags, description: 'Create a contact (number stored as digits, unique in the company)', validate: { payload: contactCreateSchema } },
        handler: async (request, h) => h.response(await contacts.create(actor(request), payload<ContactInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/contacts/{id}',
        options: {
          tags,
          description: 'Update a contact; extraInfo, when sent, replaces the list (kept ids stay)',
          validate: { params: idParams, payload: contactUpdateSchema },
        },
        handler: (request) => contacts.update(actor(request), params<{ id: string }>(request).id, payload<ContactInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/contacts/{id}',
        options: {
          tags,
          description: 'Delete a contact with its tickets, messages and notes (contacts-page:deleteContact: admins and supervisors)',
          plugins: { access: { profiles: ['admin', 'supervisor'] } },
          validate: { params: idParams },
        },
        handler: async (request, h) => {
          await contacts.remove(actor(request), params<{ id: string }>(request).id);
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/contacts/upload',
        options: {
          tags,
          description: 'Create contacts from spreadsheet rows ({ name, number, email }); answers newContacts and errorBag',
          validate: { payload: contactUploadSchema },
          payload: { maxBytes: 4 * CONTACT_IMPORT_MAX_BYTES },
        },
        handler: (request) => importContactRows(actor(request).companyId, payload<Record<string, unknown>[]>(request), context.realtime),
      },
      {
        method: 'POST',
        path: '/contacts/import',
        options: {
          tags,
          description: 'Create contacts from a CSV file (multipart field "file"; header nome/numero/email or name/number/email)',
          validate: { payload: contactImportSchema },
          payload: {
            output: 'data',
            parse: true,
            multipart: { output: 'stream' },
            allow: 'multipart/form-data',
            maxBytes: CONTACT_IMPORT_MAX_BYTES + 64 * 1024,
          },
        },
        handler: async (request) => {
          const file = await readPart(payload<{ file: unknown }>(request).file);
          const { companyId } = actor(request);
          return importContactRows(companyId, await rowsOfFile(companyId, file), context.realtime);
        },
      },
    ]);
  },
};
