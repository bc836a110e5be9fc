import type { Readable } from 'node:stream';
import type { Plugin, Request } from '@hapi/hapi';
import {
  CONTACT_IMPORT_MAX_BYTES,
  contactListCreateSchema,
  contactListItemCreateSchema,
  contactListItemQuery,
  contactListItemUpdateSchema,
  contactListsQuery,
  contactListUpdateSchema,
  contactListUploadSchema,
  idParams,
} from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { rowsOfFile } from '../contacts/sheets/file.js';
import type { ListChecker } from './check.js';
import { importListRows } from './import.js';
import { createContactListItemService, type ContactListItemInput, type ItemsQuery } from './items.js';
import { createContactListService, findList } from './service.js';

export type ContactListRoutesOptions = AppContext & { checks: ListChecker };

type FilePart = Readable & { hapi?: { filename?: string } };

async function readPart(part: unknown): Promise<{ filename: string; bytes: Buffer }> {
  const stream = part as FilePart;
  if (!stream || typeof stream.on !== 'function') throw new AppError('ERR_VALIDATION', { field: 'file', rule: 'any.required' }, 'payload file: is required (any.required)');
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string));
  return { filename: stream.hapi?.filename ?? '', bytes: Buffer.concat(pieces) };
}

/** The whole area is the campaigns' (document 2 section 2): the plan must allow campaigns. */
const campaigns = { access: { planFlag: 'useCampaigns' as const } };

export const contactListsRoutes: Plugin<ContactListRoutesOptions> = {
  name: 'contactLists',
  register(server, options) {
    const { checks } = options;
    const lists = createContactListService(options.realtime);
    const items = createContactListItemService(options.realtime, checks);
    const tags = ['api', 'contactLists'];
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/contact-lists',
        options: { tags, description: 'Contact lists, paged and searched by name, with their contactsCount', plugins: campaigns, validate: { query: contactListsQuery } },
        handler: (request) => lists.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/contact-lists/list',
        options: { tags, description: 'Every contact list of the company, for pickers', plugins: campaigns },
        handler: (request) => lists.listAll(actor(request)),
      },
      {
        method: 'GET',
        path: '/contact-lists/{id}',
        options: { tags, description: 'One contact list', plugins: campaigns, validate: { params: idParams } },
        handler: (request) => lists.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/contact-lists',
        options: { tags, description: 'Create a contact list (name 2 to 50)', plugins: campaigns, validate: { payload: contactListCreateSchema } },
        handler: async (request, h) => h.response(await lists.create(actor(request), payload<{ name: string }>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/contact-lists/{id}',
        options: { tags, description: 'Rename a contact list', plugins: campaigns, validate: { params: idParams, payload: contactListUpdateSchema } },
        handler: (request) => lists.update(actor(request), byId(request), payload<{ name: string }>(request)),
      },
      {
        method: 'DELETE',
        path: '/contact-lists/{id}',
        options: { tags, description: 'Delete a contact list with its items', plugins: campaigns, validate: { params: idParams } },
        handler: async (request, h) => {
          await lists.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/contact-lists/{id}/upload',
        options: {
          tags,
          description: 'Add items to the list from a sheet (multipart field "file": .xlsx, .xls or .csv); answers newContacts and errorBag',
          plugins: campaigns,
          validate: { params: idParams, payload: contactListUploadSchema },
          payload: {
            output: 'data',
            parse: true,
            multipart: { output: 'stream' },
            allow: 'multipart/form-data',
            maxBytes: CONTACT_IMPORT_MAX_BYTES + 64 * 1024,
          },
        },
        handler: async (request) => {
          const { companyId } = actor(request);
          // Another company's list is not found before its file is read (nothing about the file leaks).
          await findList(companyId, byId(request));
          const file = await readPart(payload<{ file: unknown }>(request).file);
          return importListRows(companyId, byId(request), await rowsOfFile(companyId, file), { realtime: options.realtime, checks });
        },
      },
      {
        method: 'GET',
        path: '/contact-list-items',
        options: { tags, description: "One list's items, paged and searched by name, number or e-mail", plugins: campaigns, validate: { query: contactListItemQuery } },
        handler: (request) => items.page(actor(request), query<ItemsQuery>(request)),
      },
      {
        method: 'GET',
        path: '/contact-list-items/{id}',
        options: { tags, description: 'One item of a contact list', plugins: campaigns, validate: { params: idParams } },
        handler: (request) => items.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/contact-list-items',
        options: { tags, description: 'Add an item to a list (number unique in the list); its number is then checked on WhatsApp', plugins: campaigns, validate: { payload: contactListItemCreateSchema } },
        handler: async (request, h) => h.response(await items.create(actor(request), payload<ContactListItemInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/contact-list-items/{id}',
        options: { tags, description: 'Update an item (a new number is checked on WhatsApp again)', plugins: campaigns, validate: { params: idParams, payload: contactListItemUpdateSchema } },
        handler: (request) => items.update(actor(request), byId(request), payload<ContactListItemInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/contact-list-items/{id}',
        options: {
          tags,
          description: 'Delete an item (contacts-page:deleteContact: admins and supervisors)',
          plugins: { access: { ...campaigns.access, profiles: ['admin', 'supervisor'] } },
          validate: { params: idParams },
        },
        handler: async (request, h) => {
          await items.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
