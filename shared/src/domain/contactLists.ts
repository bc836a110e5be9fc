/** Wire shape of contact lists and their items (document 2 sections 3 and 7): the audiences of campaigns. */

export interface ContactList {
  id: string;
  companyId: string;
  name: string;
  /** Items in the list, kept by the code that adds and removes them. */
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItem {
  id: string;
  companyId: string;
  contactListId: string;
  name: string;
  /** Digits, normalised as contacts' numbers are. */
  number: string;
  email: string;
  /** Whether the number is on WhatsApp, as the list's connection answered; null until asked. */
  isWhatsappValid: boolean | null;
  createdAt: string;
  updatedAt: string;
}

/** Answer of GET /contact-lists (document 2 section 7). */
export interface ContactListsPage {
  records: ContactList[];
  hasMore: boolean;
}

/** Answer of GET /contact-list-items (document 2 section 7: contacts, hasMore). */
export interface ContactListItemsPage {
  contacts: ContactListItem[];
  /** Items of the list; for a search, the matches read so far. */
  count: number;
  hasMore: boolean;
}

/**
 * Progress of the WhatsApp check of a list's numbers: `checked` of `total` items asked so far;
 * `waiting` while the company has no connected default connection (the check resumes when one is).
 */
export interface ContactListCheck {
  contactListId: string;
  checked: number;
  total: number;
  state: 'running' | 'waiting' | 'done';
}

/** Payloads on the company channel `contactList`. */
export type ContactListEvent =
  | { action: 'create' | 'update'; record: ContactList }
  | { action: 'delete'; id: string }
  | ({ action: 'check' } & ContactListCheck);

/**
 * Payloads on the company channel `contactListItem`. `reload` follows an import: the items page
 * of that list refetches instead of receiving one event per row.
 */
export type ContactListItemEvent =
  | { action: 'create' | 'update'; record: ContactListItem }
  | { action: 'delete'; id: string; contactListId: string }
  | { action: 'reload'; contactListId: string; count: number };
