/**
 * Wire shapes and rules of contacts and ticket notes (document 2 sections 3 and 5, document 1
 * sections 3, 7 and 9). The number rules live here so that the server, the web form and the
 * spreadsheet import of every client read a number the same way.
 */

/** Rows accepted by one POST /contacts/upload (a larger sheet is sent in several calls). */
export const CONTACT_UPLOAD_MAX_ROWS = 5_000;
/** Largest file accepted by POST /contacts/import. */
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * What reading one imported file may take (issue 29: a 1.4 MB .xlsx once held the server for a
 * minute and 3.35 GB): the workbook's parts read, once unpacked; its cells (empty ones written in
 * the file too); its rows with content, the header included, are CONTACT_UPLOAD_MAX_ROWS + 1.
 * Over any of them the import answers ERR_IMPORT_TOO_LARGE naming it.
 */
export const IMPORT_UNPACKED_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_CELLS_MAX = 100_000;
export type ImportLimit = 'unpackedBytes' | 'rows' | 'cells' | 'memory' | 'time';
/** Extra information entries of one contact, and the bounds of each entry. */
export const CONTACT_EXTRA_INFO_MAX = 50;
export const CONTACT_EXTRA_NAME_MAX = 100;
export const CONTACT_EXTRA_VALUE_MAX = 1_000;
/** Ticket note text: at least 2 characters (document 1 section 9); the upper bound is ours. */
export const NOTE_MIN = 2;
export const NOTE_MAX = 2_000;

export interface ContactExtraInfo {
  id: string;
  name: string;
  value: string;
}

export interface Contact {
  id: string;
  companyId: string;
  name: string;
  /**
   * Digits only for a person ("5511999990000"). A group keeps the WhatsApp group id, which may be
   * "digits-digits" for groups created before 2021 ("5511999990000-1612345678").
   */
  number: string;
  /** '' when unknown. */
  email: string;
  /** '' when unknown. */
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo: ContactExtraInfo[];
  createdAt: string;
  updatedAt: string;
}

export interface ContactsPage {
  contacts: Contact[];
  count: number;
  hasMore: boolean;
}

/** GET /contacts/list: every contact of the company, for pickers. */
export type ContactSummary = Pick<Contact, 'id' | 'name' | 'number' | 'email'>;

/** One row of POST /contacts/upload, as a spreadsheet parser gives it (cells may be numbers). */
export interface ContactUploadRow {
  name?: string | number | null;
  number?: string | number | null;
  email?: string | null;
  /** Other columns are tolerated: headers are matched by CONTACT_COLUMN_ALIASES. */
  [column: string]: unknown;
}

export interface ContactImportError {
  /** 1-based position of the row in what was sent (the header row of a file is not counted). */
  row: number;
  contactName: string;
  number: string;
  error: { code: string; field?: string; message: string };
}

/** Answer of POST /contacts/upload and POST /contacts/import (document 2 section 3). */
export interface ContactImportResult {
  newContacts: { contactId: string; contactName: string }[];
  errorBag: ContactImportError[];
}

/**
 * Payloads on the company channel `contact`. `reload` replaces the create events of a large
 * import: lists refetch instead of receiving thousands of events.
 */
export type ContactEvent =
  | { action: 'create' | 'update'; contact: Contact }
  | { action: 'delete'; contactId: string }
  | { action: 'reload'; count: number };

/** Two contacts of one person (POST /contacts/merge): `drop` goes into `keep`. */
export interface ContactMergePair {
  keep: ContactSummary;
  drop: ContactSummary;
  /** Tickets of `drop`, moving to `keep`. */
  tickets: number;
}

/** Answer of POST /contacts/merge: the pairs found (a dry run changes nothing) and how many were merged. */
export interface ContactMergeResult {
  dryRun: boolean;
  pairs: ContactMergePair[];
  merged: number;
}

export interface TicketNote {
  id: string;
  ticketId: string;
  contactId: string;
  /** The author; null for a note Atende wrote itself (a contact merge). */
  userId: string | null;
  /** The author; null when that user has since been deleted, or for a note Atende wrote. */
  user: { id: string; name: string } | null;
  note: string;
  createdAt: string;
  updatedAt: string;
}

/** The note's ticket in realtime payloads: sockets receive notes only of tickets their user sees. */
export interface TicketNoteTicketRef {
  id: string;
  userId: string | null;
  queueId: string | null;
}

/** Payloads on the company channel `ticketNote`. */
export type TicketNoteEvent =
  | { action: 'create'; note: TicketNote; ticket: TicketNoteTicketRef }
  | { action: 'delete'; noteId: string; ticketId: string; ticket?: TicketNoteTicketRef };

/** What a typed or pasted phone number may carry around its digits: a mask, spaces, a leading +. */
const NUMBER_DECORATION = /[\s+().\-/]/g;

/**
 * A person's number as stored: digits only. Returns null when the text holds anything but
 * digits and mask characters ("+55 (11) 99999-0000" -> "5511999990000"; "call me" -> null).
 * Length bounds (8 to 50 digits) are checked by the schemas.
 */
export function normaliseContactNumber(raw: string | number): string | null {
  const text = typeof raw === 'number' ? (Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : '') : raw.trim();
  const digits = text.replace(NUMBER_DECORATION, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/**
 * A number as a messaging provider gives it: a JID ("5511...@s.whatsapp.net", "1203...@g.us",
 * "5511...:12@s.whatsapp.net" with a device) or bare. Persons keep digits; a group keeps its id,
 * digits with at most one inner hyphen.
 */
export function normaliseProviderNumber(raw: string, isGroup: boolean): string {
  const bare = raw.trim().replace(/@.*$/, '').replace(/:\d+$/, '');
  if (!isGroup) return bare.replace(/\D/g, '');
  const id = bare.replace(/[^\d-]/g, '').replace(/^-+|-+$/g, '');
  return /^\d+(-\d+)?$/.test(id) ? id : id.replace(/\D/g, '');
}

/**
 * Brazilian mobile numbers: 55, an area code (two digits 1 to 9), 9 and eight digits whose first
 * is 6 to 9. WhatsApp knows many older accounts by the form without that ninth digit (55 DD 8
 * digits), as mobile numbers were written before it was added; the other numbers (landlines,
 * numbers whose eight digits start with 0 to 5, other countries) have one form only.
 */
const BR_MOBILE = /^55([1-9]{2})9([6-9]\d{7})$/;
const BR_MOBILE_LEGACY = /^55([1-9]{2})([6-9]\d{7})$/;

/**
 * The identity of a person's number (digits): the two forms of a Brazilian mobile number (with
 * and without the ninth digit) answer the same key, the form without it; any other number is its
 * own key. Contacts are found by it, so that either form reaches one contact.
 */
export function numberKeyOf(number: string): string {
  const modern = BR_MOBILE.exec(number);
  return modern ? `55${modern[1]}${modern[2]}` : number;
}

/** A Brazilian mobile number with its ninth digit (55 DD 9 8 digits), given either form; other numbers as they are. */
export function withNinthDigit(number: string): string {
  const legacy = BR_MOBILE_LEGACY.exec(number);
  return legacy ? `55${legacy[1]}9${legacy[2]}` : number;
}

/** A Brazilian mobile number without its ninth digit (the form of older WhatsApp accounts), given either form; other numbers as they are. */
export function withoutNinthDigit(number: string): string {
  return numberKeyOf(number);
}

/** Spreadsheet headers accepted for each field (pt, en, es), compared by columnKey(). */
export const CONTACT_COLUMN_ALIASES = {
  name: ['name', 'nome', 'nombre', 'fullname', 'nomecompleto', 'nombrecompleto', 'contact', 'contato', 'contacto', 'cliente', 'client', 'customer'],
  number: ['number', 'numero', 'phone', 'phonenumber', 'telefone', 'telefono', 'fone', 'tel', 'celular', 'cel', 'mobile', 'whatsapp', 'whats', 'movil'],
  email: ['email', 'mail', 'correo', 'correoelectronico', 'emailaddress'],
} as const;

export type ContactColumn = keyof typeof CONTACT_COLUMN_ALIASES;

/** "Número de telefone" -> "numerodetelefone": lower case, no accents, letters and digits only. */
export function columnKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Which field a spreadsheet header names, if any. */
export function contactColumnOf(header: string): ContactColumn | null {
  const key = columnKey(header);
  for (const [column, aliases] of Object.entries(CONTACT_COLUMN_ALIASES) as [ContactColumn, readonly string[]][]) {
    if ((aliases as readonly string[]).includes(key)) return column;
  }
  return null;
}

/** A spreadsheet record with any known headers -> { name, number, email } (first match wins). */
export function contactRowFromRecord(record: Record<string, unknown>): { name: unknown; number: unknown; email: unknown } {
  const row: Record<ContactColumn, unknown> = { name: undefined, number: undefined, email: undefined };
  for (const [header, value] of Object.entries(record)) {
    const column = contactColumnOf(header);
    if (column && (row[column] === undefined || row[column] === null || row[column] === '')) row[column] = value;
  }
  return row;
}

/** The contacts export (document 2): its file name. */
export const CONTACTS_EXPORT_FILE = 'contatos.csv';

/** A CSV cell, quoted when it holds the separator, a quote or a line break (quotes doubled). */
function csvCell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * contatos.csv: semicolon-separated, a header row, one contact a row. It starts with a byte-order
 * mark so that spreadsheet programs read accented names as UTF-8.
 */
export function contactsCsv(contacts: Pick<Contact, 'name' | 'number' | 'email'>[]): string {
  const columns = ['name', 'number', 'email'] as const;
  const rows = contacts.map((contact) => columns.map((column) => csvCell(contact[column] ?? '')).join(';'));
  return `\ufeff${[columns.join(';'), ...rows].join('\r\n')}\r\n`;
}

/**
 * contacts-page:deleteContact: admins and supervisors (and the platform operator). Phrase
 * campaigns' delete follows the same permission (document 3 section 6).
 */
export function mayDeleteContacts(user: { profile: string; super: boolean }): boolean {
  return user.super || user.profile === 'admin' || user.profile === 'supervisor';
}
