import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import { idParams, messageListQuery, messageSendSchema, ticketIdParams } from '@atende/shared';
import { AppError, validationError } from '../../platform/errors.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import type { InboxContext } from '../tickets/inboxContext.js';
import type { OutgoingFile } from './service.js';

/** Largest upload (video, 20 MB) plus room for the other form fields. */
const MAX_PAYLOAD = 21 * 1024 * 1024;

interface FilePart {
  filename: string;
  payload: Buffer;
}

function isFilePart(value: unknown): value is FilePart {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as FilePart).payload) && typeof (value as FilePart).filename === 'string';
}

/** JSON { body, quotedMsg } or multipart (medias, body): both end as one send input. */
function sendInput(raw: unknown): { body: string; quotedMsgId: string | null; files: OutgoingFile[] } {
  const fields = (raw ?? {}) as Record<string, unknown>;
  const medias = ([] as unknown[]).concat(fields.medias ?? []);
  const files = medias.filter(isFilePart).map((part) => ({ filename: part.filename, bytes: part.payload }));
  if (medias.length !== files.length) throw new AppError('ERR_VALIDATION', { field: 'medias', rule: 'file' }, 'medias: send files');
  const text = typeof fields.body === 'string' ? fields.body : isFilePart(fields.body) ? fields.body.payload.toString('utf8') : '';
  let quoted = fields.quotedMsg;
  if (typeof quoted === 'string') {
    try {
      quoted = JSON.parse(quoted);
    } catch {
      quoted = null;
    }
  }
  const { error, value } = messageSendSchema.validate({ body: text, quotedMsg: quoted ?? null });
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
          payload: { maxBytes: MAX_PAYLOAD, output: 'data', parse: true, multipart: { output: 'annotated' } },
        },
        handler: async (request, h) => {
          const sent = await messages.send(actor(request), params<{ ticketId: string }>(request).ticketId, sendInput(payload(request)));
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
