/** Tickets (document 1 sections 4 and 7). */
import type { MessageForwardInput, MessageForwardResult } from '../../domain/messageActions.js';
import type { Message, MessagesPage, Ticket, TicketCreate, TicketListQuery, TicketsPage, TicketUpdate } from '../../domain/tickets.js';
import type { Http } from '../http.js';

export interface MessageSend {
  body?: string;
  /** The reply's quoted message (any message of the ticket). */
  quotedMsg?: { id: string } | null;
  /** signOption: the agent's name in bold before the text, for the customer and in the stored copy. */
  sign?: boolean;
  /** Files to attach (multipart `medias`); each is sent as its own message, the body as the caption of the first. */
  medias?: Blob[] | { blob: Blob; fileName: string }[];
}

const list = (ids: string[] | undefined) => (ids && ids.length > 0 ? JSON.stringify(ids) : undefined);

/** A key for one forward: 32 hex digits (getRandomValues works outside secure contexts too). */
export function forwardRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function ticketCalls(http: Http) {
  const one = (ref: string) => `/tickets/${encodeURIComponent(ref)}`;
  return {
    list: (query: TicketListQuery = {}) =>
      http.request<TicketsPage>('GET', '/tickets', {
        query: { ...query, tags: list(query.tags), users: list(query.users), queueIds: list(query.queueIds) },
      }),
    /** By id or uuid. */
    get: (ref: string) => http.request<Ticket>('GET', one(ref)),
    create: (data: TicketCreate) => http.request<Ticket>('POST', '/tickets', { body: data }),
    update: (ref: string, data: TicketUpdate) => http.request<Ticket>('PUT', one(ref), { body: data }),
    remove: (ref: string) => http.request<void>('DELETE', one(ref)),
  };
}

export function messageCalls(http: Http) {
  return {
    /** Newest page first; each page in chronological order. */
    list: (ticketId: string, pageNumber = 1) => http.request<MessagesPage>('GET', `/messages/${encodeURIComponent(ticketId)}`, { query: { pageNumber } }),
    send: (ticketId: string, data: MessageSend) => {
      const path = `/messages/${encodeURIComponent(ticketId)}`;
      const sign = data.sign ?? false;
      if (!data.medias || data.medias.length === 0) return http.request<Message[]>('POST', path, { body: { body: data.body ?? '', quotedMsg: data.quotedMsg ?? null, sign } });
      const form = new FormData();
      for (const media of data.medias) {
        if (media instanceof Blob) form.append('medias', media, (media as Blob & { name?: string }).name ?? 'file');
        else form.append('medias', media.blob, media.fileName);
      }
      form.append('body', data.body ?? '');
      form.append('sign', String(sign));
      if (data.quotedMsg) form.append('quotedMsg', JSON.stringify(data.quotedMsg));
      return http.request<Message[]>('POST', path, { form });
    },
    /** Deletes one's own message, for the customer too (WhatsApp's delete for everyone). */
    remove: (messageId: string) => http.request<Message>('DELETE', `/messages/${encodeURIComponent(messageId)}`),
    /** Sets the company's reaction to a message ('' takes it back); the same reaction again changes nothing. */
    react: (messageId: string, emoji: string) => http.request<Message>('POST', `/messages/${encodeURIComponent(messageId)}/reaction`, { body: { emoji } }),
    /** Sends again a message the server gave up sending (sendFailed): the same message, once. */
    retry: (messageId: string) => http.request<Message>('POST', `/messages/${encodeURIComponent(messageId)}/retry`),
    /** Edits one's own text within 15 minutes of sending it (ERR_EDIT_WINDOW_CLOSED after). */
    edit: (messageId: string, body: string) => http.request<Message>('PUT', `/messages/${encodeURIComponent(messageId)}`, { body: { body } }),
    /**
     * Forwards messages to a contact; the ticket rules decide the ticket (the user's open one with
     * the contact, else a new one; ERR_OTHER_OPEN_TICKET when another agent has it). A retry with
     * the same `requestId` forwards nothing twice: one is drawn here when none is given.
     */
    forward: (data: MessageForwardInput) =>
      http.request<MessageForwardResult>('POST', '/messages/forward', { body: { ...data, requestId: data.requestId ?? forwardRequestId() } }),
  };
}

export type TicketCalls = ReturnType<typeof ticketCalls>;
export type MessageCalls = ReturnType<typeof messageCalls>;
