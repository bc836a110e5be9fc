import type { Plugin, Request } from '@hapi/hapi';
import {
  FLOW_WRITE_PROFILES,
  flowCreateSchema,
  flowDuplicateSchema,
  flowImportSchema,
  flowListQuery,
  flowMediaSchema,
  flowSaveSchema,
  flowUpdateSchema,
  idParams,
  type FlowExport,
} from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { fileParts, multipartPayload } from '../../platform/uploads.js';
import { FLOW_CONTENT_UPLOAD_MAX_BYTES, storeBlockMedia, storeContentMedia } from './media.js';
import { createFlowService, type FlowSaveInput } from './service.js';

/** A graph at the schema's bounds (500 blocks of 4 KB texts) fits; hapi's default 1 MB would not. */
const GRAPH_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Flows (document 3 section 7). Every user of the company reads them (the ticket view names the
 * running flow, the connection dialog picks a default one); writing them (create, rename, switch,
 * delete, duplicate, save the graph, upload media, import) is for admins and supervisors, as the
 * company's other automation settings (campaign settings, deleting contacts) are.
 */
export const flowsRoutes: Plugin<AppContext> = {
  name: 'flows',
  register(server, context) {
    const flows = createFlowService(context.realtime, context.sealer);
    const tags = ['api', 'flows'];
    const plugins = { access: { profiles: [...FLOW_WRITE_PROFILES] } };
    const byId = (request: Request) => params<{ id: string }>(request).id;
    const mediaPayload = multipartPayload();

    server.route([
      {
        method: 'GET',
        path: '/flowbuilder',
        options: { tags, description: 'Flows of the company searched by name, in name order, as { flows, hasMore }', validate: { query: flowListQuery } },
        handler: (request) => flows.page(actor(request), query(request)),
      },
      {
        method: 'POST',
        path: '/flowbuilder',
        options: { tags, plugins, description: 'Create a flow (active, no graph until the first save)', validate: { payload: flowCreateSchema } },
        handler: async (request, h) => h.response(await flows.create(actor(request), payload(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/flowbuilder',
        options: { tags, plugins, description: 'Rename a flow or switch it on/off (Ativo/Desativado)', validate: { payload: flowUpdateSchema } },
        handler: (request) => flows.update(actor(request), payload(request)),
      },
      {
        method: 'DELETE',
        path: '/flowbuilder/{id}',
        options: { tags, plugins, description: 'Delete a flow; refused with 409 ERR_FLOW_IN_USE while a phrase campaign starts it', validate: { params: idParams } },
        handler: async (request, h) => {
          await flows.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/flowbuilder/duplicate',
        options: { tags, plugins, description: 'Copy a flow with its graph, named "<name> (2)", "(3)" ...', validate: { payload: flowDuplicateSchema } },
        handler: async (request, h) => h.response(await flows.duplicate(actor(request), payload<{ flowId: string }>(request).flowId)).code(201),
      },
      {
        method: 'GET',
        path: '/flowbuilder/flow/{id}',
        options: { tags, description: 'A flow with its graph as { flow } (flow.flow null until the first save) and signed media addresses', validate: { params: idParams } },
        handler: (request) => flows.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/flowbuilder/flow',
        options: {
          tags,
          plugins,
          description: 'Save the graph: refused (400 ERR_FLOW_INVALID + problems) without exactly one start or with dangling edges; other problems come back in { flow, problems }',
          payload: { maxBytes: GRAPH_MAX_BYTES },
          validate: { payload: flowSaveSchema },
        },
        handler: (request) => flows.save(actor(request), payload<FlowSaveInput>(request)),
      },
      {
        method: 'GET',
        path: '/flowbuilder/{id}/export',
        options: { tags, description: 'The flow as a file to import elsewhere (media as stored file names only)', validate: { params: idParams } },
        handler: (request) => flows.exportFlow(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/flowbuilder/import',
        options: {
          tags,
          plugins,
          description: 'A new flow from an export; a taken name gets a suffix, unknown media are emptied',
          payload: { maxBytes: GRAPH_MAX_BYTES },
          validate: { payload: flowImportSchema },
        },
        handler: async (request, h) => h.response(await flows.importFlow(actor(request), payload<FlowExport>(request))).code(201),
      },
      ...(['img', 'audio'] as const).map((kind) => ({
        method: 'POST' as const,
        path: `/flowbuilder/${kind}`,
        options: {
          tags,
          plugins,
          description: `Upload the ${kind === 'img' ? 'image (png, jpg, jpeg; 2 MB)' : 'audio (ogg, mp3, opus; 5 MB)'} of a block (multipart: medias, fromMe and body unused) as { name, url }`,
          payload: mediaPayload,
          validate: { payload: flowMediaSchema },
        },
        handler: async (request: Request) => storeBlockMedia(actor(request).companyId, kind, await fileParts(request.payload, 'medias')),
      })),
      {
        method: 'POST',
        path: '/flowbuilder/content',
        options: {
          tags,
          plugins,
          description: 'Upload the media of a content block (multipart: medias, one or several images, audios, videos) as { names, urls } in order',
          payload: multipartPayload(FLOW_CONTENT_UPLOAD_MAX_BYTES),
          validate: { payload: flowMediaSchema },
        },
        handler: async (request) => storeContentMedia(actor(request).companyId, await fileParts(request.payload, 'medias')),
      },
    ]);
  },
};
