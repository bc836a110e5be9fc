import type { Plugin } from '@hapi/hapi';
import { externalSendSchema } from '@atende/shared';
import { connectionOf, CONNECTION_TOKEN_STRATEGY, registerConnectionTokenScheme } from '../../platform/auth/connectionToken.js';
import { payload } from '../../platform/http/routes.js';
import { fileParts, multipartPayload } from '../../platform/uploads.js';
import type { InboxContext } from '../tickets/inboxContext.js';
import { connectionOfToken, createExternalSendService } from './externalSend.js';

interface ExternalSendPayload {
  number: string;
  body: string;
  quotedMsgId?: string | null;
  fileListId?: string | null;
  medias?: unknown;
}

export const externalSendRoutes: Plugin<InboxContext> = {
  name: 'externalSend',
  register(server, context) {
    registerConnectionTokenScheme(server, connectionOfToken);
    const service = createExternalSendService({ realtime: context.realtime, messages: context.messages });

    server.route({
      method: 'POST',
      path: '/messages/send',
      options: {
        tags: ['api', 'messages'],
        description:
          "External send API: Authorization: Bearer <the connection's API token> (plan useExternalApi). " +
          'JSON { number, body, quotedMsgId?, fileListId? } or multipart number, body, medias (files), fileListId. The contact is found or created; ' +
          'the messages go to its open or pending ticket on the connection, or to a new pending one. ' +
          "With fileListId, the list's message and each of its files follow, in order (404 ERR_NO_FILE_LIST_FOUND for another company's list). " +
          'Answers 200 { ticketId, contactId, messages }. 401 ERR_UNAUTHENTICATED for an unknown token; ' +
          '409 ERR_WAPP_NOT_CONNECTED while the connection is not CONNECTED.',
        auth: { strategy: CONNECTION_TOKEN_STRATEGY },
        validate: { payload: externalSendSchema },
        payload: { ...multipartPayload(), allow: ['application/json', 'multipart/form-data'] },
      },
      handler: async (request) => {
        const fields = payload<ExternalSendPayload>(request);
        const files = fields.medias === undefined ? [] : await fileParts(fields, 'medias');
        return service.send(connectionOf(request.auth.credentials), { number: fields.number, body: fields.body, quotedMsgId: fields.quotedMsgId ?? null, fileListId: fields.fileListId ?? null, files });
      },
    });
  },
};
