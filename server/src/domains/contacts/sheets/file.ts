/**
 * Reading an imported sheet, shared by the contacts import and the contact lists' upload: the
 * file's kind by content (an .xlsx or legacy .xls workbook, or CSV / plain text), its rows read in
 * a worker thread within the import's limits (worker.ts), then its contact records. One company's
 * import never holds the event loop: a file over a limit answers ERR_IMPORT_TOO_LARGE naming it.
 */
import { extname } from 'node:path';
import { CONTACT_UPLOAD_MAX_ROWS, IMPORT_CELLS_MAX, IMPORT_UNPACKED_MAX_BYTES, type ImportLimit } from '@atende/shared';
import { AppError } from '../../../platform/errors.js';
import { IsolatedLimit, runIsolated } from '../../../platform/isolated.js';
import type { SheetLimits } from './limits.js';
import { contactsFromRows } from './records.js';
import type { SheetAnswer, SheetFormat, SheetJob } from './worker.js';

export interface ImportedFile {
  filename: string;
  bytes: Buffer;
}

const LIMITS: SheetLimits = { rows: CONTACT_UPLOAD_MAX_ROWS + 1, cells: IMPORT_CELLS_MAX, unpackedBytes: IMPORT_UNPACKED_MAX_BYTES };
/** The worker's ceilings: a sheet within the limits needs a fraction of them. */
const WORKER_MEMORY_MB = 160;
const WORKER_TIME_MS = 30_000;
const WORKER = new URL('./worker.ts', import.meta.url);

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The whole compound-file signature: SheetJS reads anything else as text. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const TEXT_EXTENSIONS = new Set(['', '.csv', '.txt', '.tsv']);
const ACCEPTED = ['.xlsx', '.xls', '.csv'];

function fileError(message: string, rule: string): AppError {
  return new AppError('ERR_VALIDATION', { field: 'file', rule }, `payload file: ${message} (${rule})`);
}

function formatOf(file: ImportedFile): SheetFormat {
  const head = file.bytes.subarray(0, 4);
  if (head.equals(ZIP)) return 'xlsx';
  if (file.bytes.subarray(0, OLE2.length).equals(OLE2)) return 'xls';
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!TEXT_EXTENSIONS.has(extname(file.filename).toLowerCase()) || (!utf16 && file.bytes.includes(0))) {
    throw new AppError('ERR_INVALID_MEDIA', { field: 'file', accepted: ACCEPTED });
  }
  return 'csv';
}

/** 413 naming the limit passed (rows: contact rows, the header aside). */
function tooLarge(limit: ImportLimit, max: number): AppError {
  const what = { unpackedBytes: `${Math.round(max / 1048576)} MB once unpacked`, rows: `${max} rows`, cells: `${max} cells`, memory: `${max} MB of memory to read`, time: `${max / 1000} s to read` }[limit];
  return new AppError('ERR_IMPORT_TOO_LARGE', { field: 'file', limit, max }, `The file is too large to import: more than ${what}.`);
}

async function rowsIn(companyId: string, format: SheetFormat, bytes: Buffer): Promise<string[][]> {
  const job: SheetJob = { format, bytes, limits: LIMITS };
  let answer: SheetAnswer;
  try {
    answer = await runIsolated<SheetAnswer>(WORKER, job, { key: companyId, memoryMb: WORKER_MEMORY_MB, timeMs: WORKER_TIME_MS });
  } catch (err) {
    if (err instanceof IsolatedLimit) throw tooLarge(err.limit, err.max);
    throw err;
  }
  if ('tooLarge' in answer) throw tooLarge(answer.tooLarge.limit, answer.tooLarge.limit === 'rows' ? CONTACT_UPLOAD_MAX_ROWS : answer.tooLarge.max);
  if ('unreadable' in answer) throw new AppError('ERR_INVALID_MEDIA', { field: 'file', accepted: ACCEPTED }, `payload file: not a readable .${answer.unreadable} workbook`);
  return answer.rows;
}

/** The contact records of an uploaded sheet (its first worksheet for a workbook). */
export async function rowsOfFile(companyId: string, file: ImportedFile): Promise<Record<string, unknown>[]> {
  const sheet = contactsFromRows(await rowsIn(companyId, formatOf(file), file.bytes));
  if (!sheet) throw fileError('the header row has no number column (number, numero, telefone, telefono...)', 'file.columns');
  if (sheet.records.length === 0) throw fileError('the file has no contact rows', 'file.empty');
  // A sheet without a header row reads its first row as a contact too.
  if (sheet.records.length > CONTACT_UPLOAD_MAX_ROWS) throw tooLarge('rows', CONTACT_UPLOAD_MAX_ROWS);
  return sheet.records;
}
