/** Contacts (document 2 sections 2, 3 and 7; document 1 section 7). */
import type { Contact, ContactImportResult, ContactMergeResult, ContactsPage, ContactSummary, ContactUploadRow } from '../../domain/contacts.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export type ContactsQuery = PageQuery & {
  /** Created on that day (YYYY-MM-DD), or between dateStart and dateEnd. */
  date?: string;
  dateStart?: string;
  dateEnd?: string;
};

export interface ContactData {
  name: string;
  /** As typed: the server keeps the digits ("+55 (11) 99999-0000" -> "5511999990000"). */
  number: string;
  email?: string | null;
  /** Sent on update, replaces the list: entries with a known id are kept, missing ones removed. */
  extraInfo?: { id?: string; name: string; value?: string }[];
}

export function contactCalls(http: Http) {
  const one = (id: string) => `/contacts/${encodeURIComponent(id)}`;
  return {
    page: (query: ContactsQuery = {}) => http.request<ContactsPage>('GET', '/contacts', { query }),
    /** Every contact of the company (id, name, number, email), for pickers. */
    list: (query: { companyId?: string } = {}) => http.request<ContactSummary[]>('GET', '/contacts/list', { query }),
    get: (id: string) => http.request<Contact>('GET', one(id)),
    create: (data: ContactData) => http.request<Contact>('POST', '/contacts', { body: data }),
    update: (id: string, data: Partial<ContactData>) => http.request<Contact>('PUT', one(id), { body: data }),
    /** Also deletes the contact's tickets, their messages and notes (admins and supervisors). */
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    /** Rows of a spreadsheet parsed on this side (at most CONTACT_UPLOAD_MAX_ROWS per call). */
    upload: (rows: ContactUploadRow[]) => http.request<ContactImportResult>('POST', '/contacts/upload', { body: rows }),
    /**
     * Merges the contacts that are one person (a Brazilian mobile number stored with and without
     * its ninth digit, a LID and its number) into one, with their tickets, messages and notes
     * (admins). `dryRun` only answers the pairs.
     */
    merge: (options: { dryRun?: boolean } = {}) => http.request<ContactMergeResult>('POST', '/contacts/merge', { body: { dryRun: options.dryRun ?? false } }),
    /** A CSV file read by the server (header nome/numero/email or name/number/email; ; or , separated). */
    importFile: (file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return http.request<ContactImportResult>('POST', '/contacts/import', { form });
    },
  };
}

export type ContactCalls = ReturnType<typeof contactCalls>;
