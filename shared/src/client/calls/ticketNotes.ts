/** Internal notes of a ticket (document 1 section 7). */
import type { TicketNote } from '../../domain/contacts.js';
import type { Http } from '../http.js';

export interface TicketNoteData {
  ticketId: string;
  contactId: string;
  /** 2 to 2000 characters. */
  note: string;
}

export function ticketNoteCalls(http: Http) {
  return {
    /** Notes of a ticket, newest first, with their authors. */
    list: (query: { ticketId: string; contactId?: string }) => http.request<TicketNote[]>('GET', '/ticket-notes/list', { query }),
    create: (data: TicketNoteData) => http.request<TicketNote>('POST', '/ticket-notes', { body: data }),
    /** The author or an admin. */
    remove: (id: string) => http.request<void>('DELETE', `/ticket-notes/${encodeURIComponent(id)}`),
  };
}

export type TicketNoteCalls = ReturnType<typeof ticketNoteCalls>;
