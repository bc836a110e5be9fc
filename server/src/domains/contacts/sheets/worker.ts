/**
 * The worker thread that reads an imported sheet (platform/isolated.ts starts it with memory and
 * time limits): the bytes in, the rows out, or why not. Nothing here touches the database or
 * @atende/shared, so it starts in a fraction of a second; SheetJS loads only for a legacy .xls.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ZipFormatError } from '../../../platform/files/zip.js';
import { parseCsv, decodeText } from './csv.js';
import { RowCollector, SheetTooLarge, type SheetLimits } from './limits.js';
import { rowsOfWorkbook } from './xlsx.js';

export type SheetFormat = 'xlsx' | 'xls' | 'csv';

export interface SheetJob {
  format: SheetFormat;
  bytes: Uint8Array;
  limits: SheetLimits;
}

export type SheetAnswer = { rows: string[][] } | { tooLarge: { limit: SheetTooLarge['limit']; max: number } } | { unreadable: SheetFormat };

async function read({ format, bytes, limits }: SheetJob): Promise<SheetAnswer> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (format === 'xlsx') return { rows: rowsOfWorkbook(buffer, limits) };
    if (format === 'xls') return { rows: (await import('./legacyXls.js')).rowsOfLegacyWorkbook(buffer, limits) };
    return { rows: parseCsv(decodeText(buffer), new RowCollector(limits)) };
  } catch (err) {
    if (err instanceof SheetTooLarge) return { tooLarge: { limit: err.limit, max: err.max } };
    if (err instanceof ZipFormatError || format !== 'csv') return { unreadable: format };
    throw err;
  }
}

parentPort!.postMessage(await read(workerData as SheetJob));
