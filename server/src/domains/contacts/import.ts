/**
 * Bulk creation of contacts from a spreadsheet: POST /contacts/upload (rows parsed by the client)
 * and POST /contacts/import (the file itself). Every row stands alone: good rows are created,
 * each bad one lands in errorBag with its reason (invalid field, number already in the company,
 * number repeated in the sheet).
 */
import { extname } from 'node:path';
import {
  CONTACT_UPLOAD_MAX_ROWS,
  contactRowFromRecord,
  contactRowSchema,
  type ContactImportError,
  type ContactImportResult,
} from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { errorText } from '../../platform/texts.js';
import { toContact } from './dto.js';
import { contactsFromCsv, contactsFromRows, decodeText } from './csv.js';
import { rowsOfWorkbook } from './xlsx.js';
import { ContactModel, type ContactDoc } from './model.js';
import { createContacts } from './writer.js';

/** Above this many new contacts, one `reload` event replaces the create events. */
const LIVE_CREATE_EVENTS_MAX = 50;
const CHUNK = 500;

interface GoodRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value.trim() : String(value);
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function duplicateError(row: GoodRow, message: string): ContactImportError {
  return { row: row.row, contactName: row.name, number: row.number, error: { code: 'ERR_DUPLICATED_CONTACT', field: 'number', message } };
}

/** Checks each row with the shared contact rules; numbers come back as digits. */
function checkRows(rows: Record<string, unknown>[], errorBag: ContactImportError[]): GoodRow[] {
  const good: GoodRow[] = [];
  const firstRowOf = new Map<string, number>();
  rows.forEach((record, index) => {
    const row = index + 1;
    const raw = contactRowFromRecord(record);
    const name = typeof raw.name === 'number' ? String(raw.name) : raw.name;
    const { value, error } = contactRowSchema.validate({ name: name ?? '', number: raw.number ?? '', email: raw.email ?? '' }, { abortEarly: true, convert: true });
    if (error) {
      const detail = error.details[0]!;
      const field = detail.path.join('.');
      errorBag.push({ row, contactName: cellText(raw.name), number: cellText(raw.number), error: { code: 'ERR_VALIDATION', field, message: detail.message.replace(/"/g, '') } });
      return;
    }
    const checked: GoodRow = { row, name: value.name as string, number: value.number as string, email: (value.email as string | null) ?? '' };
    const first = firstRowOf.get(checked.number);
    if (first !== undefined) {
      errorBag.push(duplicateError(checked, `Number repeated in the sheet (row ${first})`));
      return;
    }
    firstRowOf.set(checked.number, row);
    good.push(checked);
  });
  return good;
}

/** The numbers the company already has, each found by its key (an index on both engines). */
async function existingNumbers(companyId: string, numbers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(numbers, 50)) {
    const rows = await Promise.all(part.map((number) => ContactModel.exists({ companyId, number })));
    part.forEach((number, index) => rows[index] && found.add(number));
  }
  return found;
}

/** Inserts one chunk. A number created meanwhile by someone else (the unique index) fails only its own row. */
async function insertChunk(companyId: string, rows: GoodRow[], errorBag: ContactImportError[]): Promise<ContactDoc[]> {
  const stored = await createContacts(
    companyId,
    rows.map((row) => ({ name: row.name, number: row.number, email: row.email })),
  );
  const landed = new Set(stored.map((doc) => doc.number));
  const missing = rows.filter((row) => !landed.has(row.number));
  if (missing.length > 0) {
    // Only a number that exists now was refused for a good reason; anything else is a real failure.
    const taken = await existingNumbers(companyId, missing.map((row) => row.number));
    if (missing.some((row) => !taken.has(row.number))) throw new AppError('ERR_INTERNAL_SERVER_ERROR');
    for (const row of missing) errorBag.push(duplicateError(row, errorText('ERR_DUPLICATED_CONTACT')));
  }
  const byNumber = new Map(stored.map((doc) => [doc.number, doc]));
  return rows.map((row) => byNumber.get(row.number)).filter((doc): doc is ContactDoc => doc !== undefined);
}

export async function importContactRows(companyId: string, rows: Record<string, unknown>[], realtime: RealtimePublisher): Promise<ContactImportResult> {
  const errorBag: ContactImportError[] = [];
  const good = checkRows(rows, errorBag);
  const taken = await existingNumbers(companyId, good.map((row) => row.number));
  const fresh: GoodRow[] = [];
  for (const row of good) {
    if (taken.has(row.number)) errorBag.push(duplicateError(row, errorText('ERR_DUPLICATED_CONTACT')));
    else fresh.push(row);
  }
  const created: ContactDoc[] = [];
  for (const part of chunks(fresh)) created.push(...(await insertChunk(companyId, part, errorBag)));

  if (created.length > LIVE_CREATE_EVENTS_MAX) {
    realtime.publish(companyId, 'contact', { action: 'reload', count: created.length });
  } else {
    for (const doc of created) realtime.publish(companyId, 'contact', { action: 'create', contact: toContact(doc) });
  }
  errorBag.sort((a, b) => a.row - b.row);
  return { newContacts: created.map((doc) => ({ contactId: String(doc._id), contactName: doc.name })), errorBag };
}

export interface ImportedFile {
  filename: string;
  bytes: Buffer;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const TEXT_EXTENSIONS = new Set(['', '.csv', '.txt', '.tsv']);
const ACCEPTED = ['.xlsx', '.csv'];

function fileError(message: string, rule: string): AppError {
  return new AppError('ERR_VALIDATION', { field: 'file', rule }, `payload file: ${message} (${rule})`);
}

/**
 * Reads the rows of an uploaded sheet: an .xlsx workbook (its first worksheet; recognised by
 * content) or CSV / plain text. Legacy .xls (OLE2) is refused: save it as .xlsx or .csv.
 */
export async function rowsOfFile(file: ImportedFile): Promise<Record<string, unknown>[]> {
  const extension = extname(file.filename).toLowerCase();
  const head = file.bytes.subarray(0, 4);
  let sheet;
  if (head.equals(ZIP)) {
    const rows = await rowsOfWorkbook(file.bytes).catch(() => {
      throw new AppError('ERR_INVALID_MEDIA', { field: 'file', accepted: ACCEPTED }, 'payload file: not a readable .xlsx workbook');
    });
    sheet = contactsFromRows(rows);
  } else {
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    if (head.equals(OLE2) || !TEXT_EXTENSIONS.has(extension) || (!utf16 && file.bytes.includes(0))) {
      throw new AppError('ERR_INVALID_MEDIA', { field: 'file', accepted: ACCEPTED });
    }
    sheet = contactsFromCsv(decodeText(file.bytes));
  }
  if (!sheet) throw fileError('the header row has no number column (number, numero, telefone, telefono...)', 'file.columns');
  if (sheet.records.length === 0) throw fileError('the file has no contact rows', 'file.empty');
  if (sheet.records.length > CONTACT_UPLOAD_MAX_ROWS) throw fileError(`at most ${CONTACT_UPLOAD_MAX_ROWS} rows per file`, 'array.max');
  return sheet.records;
}
