/**
 * Reading an imported sheet, shared by the contacts import and the contact lists' upload: the
 * file's rows (an .xlsx workbook or CSV text) and the per-row check with the shared contact rules
 * (errors land in the errorBag, numbers repeated within the sheet too).
 */
import { extname } from 'node:path';
import {
  CONTACT_UPLOAD_MAX_ROWS,
  contactRowFromRecord,
  contactRowSchema,
  numberKeyOf,
  type ContactImportError,
} from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import { contactsFromCsv, contactsFromRows, decodeText } from './csv.js';
import { rowsOfLegacyWorkbook } from './legacyXls.js';
import { rowsOfWorkbook } from './xlsx.js';

const CHUNK = 500;

export interface GoodRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value.trim() : String(value);
}

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function duplicateError(row: GoodRow, message: string): ContactImportError {
  return { row: row.row, contactName: row.name, number: row.number, error: { code: 'ERR_DUPLICATED_CONTACT', field: 'number', message } };
}

/** Checks each row with the shared contact rules; numbers come back as digits. */
export function checkRows(rows: Record<string, unknown>[], errorBag: ContactImportError[]): GoodRow[] {
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
    // One person per number key: the two forms of a Brazilian mobile number are one person.
    const key = numberKeyOf(checked.number);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      errorBag.push(duplicateError(checked, `Number repeated in the sheet (row ${first})`));
      return;
    }
    firstRowOf.set(key, row);
    good.push(checked);
  });
  return good;
}

export interface ImportedFile {
  filename: string;
  bytes: Buffer;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The whole compound-file signature: SheetJS reads anything else as text. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const TEXT_EXTENSIONS = new Set(['', '.csv', '.txt', '.tsv']);
const ACCEPTED = ['.xlsx', '.xls', '.csv'];

function fileError(message: string, rule: string): AppError {
  return new AppError('ERR_VALIDATION', { field: 'file', rule }, `payload file: ${message} (${rule})`);
}

/**
 * Reads the rows of an uploaded sheet: an .xlsx or legacy .xls workbook (its first worksheet;
 * recognised by content) or CSV / plain text.
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
  } else if (file.bytes.subarray(0, OLE2.length).equals(OLE2)) {
    let rows: string[][];
    try {
      rows = rowsOfLegacyWorkbook(file.bytes);
    } catch {
      throw new AppError('ERR_INVALID_MEDIA', { field: 'file', accepted: ACCEPTED }, 'payload file: not a readable .xls workbook');
    }
    sheet = contactsFromRows(rows);
  } else {
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    if (!TEXT_EXTENSIONS.has(extension) || (!utf16 && file.bytes.includes(0))) {
      throw new AppError('ERR_INVALID_MEDIA', { field: 'file', accepted: ACCEPTED });
    }
    sheet = contactsFromCsv(decodeText(file.bytes));
  }
  if (!sheet) throw fileError('the header row has no number column (number, numero, telefone, telefono...)', 'file.columns');
  if (sheet.records.length === 0) throw fileError('the file has no contact rows', 'file.empty');
  if (sheet.records.length > CONTACT_UPLOAD_MAX_ROWS) throw fileError(`at most ${CONTACT_UPLOAD_MAX_ROWS} rows per file`, 'array.max');
  return sheet.records;
}
