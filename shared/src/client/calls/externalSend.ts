/**
 * The external send API (document 3, external messaging API): `POST /messages/send`, authorised by
 * a connection's API token instead of a user's session, so integrators need no login.
 */
import type { Message } from '../../domain/tickets.js';
import type { Http } from '../http.js';

export interface ExternalSend {
  /** The connection's API token (`token` of the connection, shown to admins). */
  token: string;
  /** Country code and number, digits (a mask is tolerated: "+55 (11) 99999-0000"). */
  number: string;
  /** The text; with files, the caption of the first one. */
  body?: string;
  /** A message of the contact's active ticket to quote. */
  quotedMsgId?: string;
  /** A file list of the company: its message and files follow the body and medias, in order. */
  fileListId?: string;
  /** Files to send (multipart `medias`), each as its own message. */
  medias?: { blob: Blob; fileName: string }[];
}

/** Answer of POST /messages/send: the ticket the messages went to, and the messages stored. */
export interface ExternalSendAnswer {
  ticketId: string;
  contactId: string;
  messages: Message[];
}

export function externalSendCalls(http: Http) {
  return {
    send: ({ token, number, body, quotedMsgId, fileListId, medias }: ExternalSend) => {
      // Anonymous as far as the user session goes: the connection token is the credential.
      const headers = { authorization: `Bearer ${token}` };
      if (!medias || medias.length === 0) {
        return http.anonymous<ExternalSendAnswer>('POST', '/messages/send', { headers, body: { number, body: body ?? '', ...(quotedMsgId ? { quotedMsgId } : {}), ...(fileListId ? { fileListId } : {}) } });
      }
      const form = new FormData();
      form.append('number', number);
      form.append('body', body ?? '');
      if (quotedMsgId) form.append('quotedMsgId', quotedMsgId);
      if (fileListId) form.append('fileListId', fileListId);
      for (const media of medias) form.append('medias', media.blob, media.fileName);
      return http.anonymous<ExternalSendAnswer>('POST', '/messages/send', { headers, form });
    },
  };
}

export type ExternalSendCalls = ReturnType<typeof externalSendCalls>;
