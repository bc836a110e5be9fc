import type { Plugin } from '@hapi/hapi';
import {
  idParams,
  Joi,
  messageEditSchema,
  messageForwardSchema,
  messageIdParams,
  messageListQuery,
  messageReactionSchema,
  messageSendSchema,
  ticketIdParams,
  type MessageForwardInput,
} from '@atende/shared';
import { AppError, validationError } from '../../platform/errors.js';
import { fileParts, multipartPayload } from '../../platform/uploads.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import type { InboxContext } from '../tickets/inboxContext.js';
import { createForwarder } from './forward.js';
import type { OutgoingFile } from './service.js';

/** JSON { body, quotedMsg, sign } or multipart (medias, body, quotedMsg, sign): both end as one send input. */
async function sendInput(raw: unknown): Promise<{ body: string; quotedMsgId: string | null; files: OutgoingFile[]; sign: boolean }> {
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
  const { error, value } = messageSendSchema.validate({ body: typeof fields.body === 'string' ? fields.body : '', quotedMsg: quoted ?? null, ...(fields.sign === undefined ? {} : { sign: fields.sign }) });
  if (error) throw validationError(error, 'payload');
  return { body: value.body as string, quotedMsgId: (value.quotedMsg as { id: string } | null)?.id ?? null, files, sign: value.sign as boolean };
}

export const messagesRoutes: Plugin<InboxContext> = {
  name: 'messages',
  register(server, context) {
    const messages = context.messages;
    const forwarder = createForwarder({ messages, tickets: context.tickets });
    const tags = ['api', 'messages'];
    const messageId = (request: Parameters<typeof params>[0]) => params<{ messageId: string }>(request).messageId;

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
          description: 'Send text (JSON: body, quotedMsg, sign) or files (multipart: medias, body, quotedMsg, sign) on an open ticket; sign puts the agent\'s name in bold before the text',
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
        options: { tags, description: 'Delete one of your own messages, for the customer too (WhatsApp: delete for everyone)', validate: { params: idParams } },
        handler: (request) => messages.remove(actor(request), params<{ id: string }>(request).id),
      },
      {
        method: 'POST',
        path: '/messages/{messageId}/reaction',
        options: {
          tags,
          description: "Set the company's reaction to a message of an open ticket ({ emoji }; '' takes it back; one per sender, as on WhatsApp)",
          validate: { params: messageIdParams, payload: messageReactionSchema },
        },
        handler: (request) => messages.react(actor(request), messageId(request), payload<{ emoji: string }>(request).emoji),
      },
      {
        method: 'POST',
        path: '/messages/{messageId}/retry',
        options: {
          tags,
          description: 'Send again a message the server gave up sending (sendFailed): the same message, once, while the ticket is open (its agent, the author or an admin)',
          validate: { params: messageIdParams },
        },
        handler: (request) => messages.retry(actor(request), messageId(request)),
      },
      {
        method: 'PUT',
        path: '/messages/{messageId}',
        options: {
          tags,
          description: 'Edit one of your own text messages within 15 minutes of sending it ({ body }; ERR_EDIT_WINDOW_CLOSED after); the earlier text is kept',
          validate: { params: messageIdParams, payload: messageEditSchema },
        },
        handler: (request) => messages.edit(actor(request), messageId(request), payload<{ body: string }>(request).body),
      },
      {
        method: 'POST',
        path: '/messages/forward',
        options: {
          tags,
          description: 'Forward messages to a contact ({ messageIds, contactId, requestId }): to your open ticket with them, else a new one; a retry with the same requestId forwards nothing twice',
          validate: { payload: messageForwardSchema },
        },
        handler: async (request, h) => h.response(await forwarder.forward(actor(request), payload<MessageForwardInput>(request))).code(201),
      },
    ]);
  },
};
