import type { Plugin } from '@hapi/hapi';
import { idParams, Joi, messageListQuery, messageSendSchema, ticketIdParams } from '@atende/shared';
import { AppError, validationError } from '../../platform/errors.js';
import { fileParts, multipartPayload } from '../../platform/uploads.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import type { InboxContext } from '../tickets/inboxContext.js';
import type { OutgoingFile } from './service.js';

/** JSON { body, quotedMsg } or multipart (medias, body, quotedMsg): both end as one send input. */
async function sendInput(raw: unknown): Promise<{ body: string; quotedMsgId: string | null; files: OutgoingFile[] }> {
  const fields = (raw ?? {}) as Record<string, unknown>;
  const files = fields.medias === undefined ? [] : await fileParts(fields, 'medias');
  let quoted = fields.quotedMsg;
  if (typeof quoted === 'string') {
    try {
      quoted = JSON.parse(quoted);
    } catch {
      throw new AppError('ERR_VALIDATION', { field: 'quotedMsg', rule: 'object.base' }, 'quotedMsg: must be { id }');
    }
  }
  const { error, value } = messageSendSchema.validate({ body: typeof fields.body === 'string' ? fields.body : '', quotedMsg: quoted ?? null });
  if (error) throw validationError(error, 'payload');
  return { body: value.body as string, quotedMsgId: (value.quotedMsg as { id: string } | null)?.id ?? null, files };
}

export const messagesRoutes: Plugin<InboxContext> = {
  name: 'messages',
  register(server, context) {
    const messages = context.messages;
    const tags = ['api', 'messages'];

    server.route([
      {
        method: 'GET',
        path: '/messages/{ticketId}',
        options: { tags, description: 'Messages of a ticket, newest page first (marks an open ticket read)', validate: { params: ticketIdParams, query: messageListQuery } },
        handler: (request) => messages.list(actor(request), params<{ ticketId: string }>(request).ticketId, query<{ pageNumber: number }>(request).pageNumber),
      },
      {
        method: 'POST',
        path: '/messages/{ticketId}',
        options: {
          tags,
          description: 'Send text (JSON: body, quotedMsg) or files (multipart: medias, body) on an open ticket',
          validate: { params: ticketIdParams, payload: Joi.any() },
          payload: { ...multipartPayload(), allow: ['application/json', 'multipart/form-data'] },
        },
        handler: async (request, h) => {
          const sent = await messages.send(actor(request), params<{ ticketId: string }>(request).ticketId, await sendInput(payload(request)));
          return h.response(sent).code(201);
        },
      },
      {
        method: 'DELETE',
        path: '/messages/{id}',
        options: { tags, description: 'Delete one of your own messages', validate: { params: idParams } },
        handler: (request) => messages.remove(actor(request), params<{ id: string }>(request).id),
      },
    ]);
  },
};
