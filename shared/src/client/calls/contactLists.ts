/** Contact lists and their items (document 2 sections 3, 5 and 7). */
import type { ContactImportResult } from '../../domain/contacts.js';
import type { ContactList, ContactListItem, ContactListItemsPage, ContactListsPage } from '../../domain/contactLists.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface ContactListItemData {
  name: string;
  /** As typed; the server keeps the digits. */
  number: string;
  email?: string;
}

export function contactListCalls(http: Http) {
  const one = (id: string) => `/contact-lists/${encodeURIComponent(id)}`;
  const item = (id: string) => `/contact-list-items/${encodeURIComponent(id)}`;
  return {
    page: (query: PageQuery = {}) => http.request<ContactListsPage>('GET', '/contact-lists', { query }),
    list: () => http.request<ContactList[]>('GET', '/contact-lists/list'),
    get: (id: string) => http.request<ContactList>('GET', one(id)),
    create: (data: { name: string }) => http.request<ContactList>('POST', '/contact-lists', { body: data }),
    update: (id: string, data: { name: string }) => http.request<ContactList>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    /** Adds the rows of a sheet (.xlsx or .csv) to the list; answers the per-row report. */
    upload: (id: string, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return http.request<ContactImportResult>('POST', `${one(id)}/upload`, { form });
    },
    items: {
      page: (query: PageQuery & { contactListId: string }) => http.request<ContactListItemsPage>('GET', '/contact-list-items', { query }),
      get: (id: string) => http.request<ContactListItem>('GET', item(id)),
      create: (data: ContactListItemData & { contactListId: string }) => http.request<ContactListItem>('POST', '/contact-list-items', { body: data }),
      update: (id: string, data: Partial<ContactListItemData>) => http.request<ContactListItem>('PUT', item(id), { body: data }),
      remove: (id: string) => http.request<void>('DELETE', item(id)),
    },
  };
}

export type ContactListCalls = ReturnType<typeof contactListCalls>;
