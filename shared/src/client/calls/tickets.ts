/** Tickets (document 1 sections 4 and 7). */
import type { Message, MessagesPage, Ticket, TicketCreate, TicketListQuery, TicketsPage, TicketUpdate } from '../../domain/tickets.js';
import type { Http } from '../http.js';

export interface MessageSend {
  body?: string;
  quotedMsg?: { id: string } | null;
  /** Files to attach (multipart `medias`); each is sent as its own message, the body as the caption of the first. */
  medias?: Blob[] | { blob: Blob; fileName: string }[];
}

const list = (ids: string[] | undefined) => (ids && ids.length > 0 ? JSON.stringify(ids) : undefined);

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
      if (!data.medias || data.medias.length === 0) return http.request<Message[]>('POST', path, { body: { body: data.body ?? '', quotedMsg: data.quotedMsg ?? null } });
      const form = new FormData();
      for (const media of data.medias) {
        if (media instanceof Blob) form.append('medias', media, (media as Blob & { name?: string }).name ?? 'file');
        else form.append('medias', media.blob, media.fileName);
      }
      form.append('body', data.body ?? '');
      if (data.quotedMsg) form.append('quotedMsg', JSON.stringify(data.quotedMsg));
      return http.request<Message[]>('POST', path, { form });
    },
    remove: (messageId: string) => http.request<Message>('DELETE', `/messages/${encodeURIComponent(messageId)}`),
  };
}

export type TicketCalls = ReturnType<typeof ticketCalls>;
export type MessageCalls = ReturnType<typeof messageCalls>;
