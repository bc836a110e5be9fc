/**
 * The rows of a contacts spreadsheet for POST /contacts/upload: an .xlsx workbook (its first
 * sheet) or a CSV file (UTF-8, UTF-16 with a byte-order mark, or Windows-1252 as Excel saves it
 * in Brazil; `;`, `,` or tab separated). A first row naming a column (nome, número, email...) is
 * the header; without one the columns are name, number, email. exceljs is loaded only here.
 */
import { Readable } from 'node:stream';
import { extname } from 'node:path';
import { contactColumnOf, type ContactUploadRow } from '@atende/shared';
import type { Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';

export interface Sheet {
  rows: ContactUploadRow[];
  /** The row number the spreadsheet shows for each of `rows` (header and blank rows counted). */
  lines: number[];
}

interface SheetRow {
  line: number;
  cells: string[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator used most in the first line (outside quotes); ties go to ';'. */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0]!.replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((separator) => ({ separator, count: firstLine.split(separator).length }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).separator;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return String(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
    return '';
  }
  return String(value);
}

async function worksheetRows(ctx: Context, bytes: Buffer, fileName: string): Promise<SheetRow[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  let sheet;
  try {
    if (bytes.subarray(0, 4).equals(ZIP)) {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      sheet = workbook.worksheets[0];
    } else {
      const text = decode(bytes);
      // Cells stay text: a number such as 011... must keep its zeros.
      sheet = await workbook.csv.read(Readable.from([text]), { map: (value: unknown) => value, parserOptions: { delimiter: separatorOf(text) } });
    }
  } catch (error) {
    throw new UsageError(ctx.t('contacts.unreadable', { file: fileName, reason: error instanceof Error ? error.message : String(error) }));
  }
  const rows: SheetRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value).trim());
    if (cells.some((cell) => cell !== '')) rows.push({ line: row.number, cells });
  });
  return rows;
}

export async function readContactSheet(ctx: Context, file: { bytes: Buffer; fileName: string }): Promise<Sheet> {
  const extension = extname(file.fileName).toLowerCase();
  if (!['.xlsx', '.csv', '.txt'].includes(extension)) throw new UsageError(ctx.t('contacts.unsupported', { file: file.fileName }));
  const sheetRows = await worksheetRows(ctx, file.bytes, file.fileName);
  const first = sheetRows[0]?.cells ?? [];
  const header = first.some((cell) => contactColumnOf(cell) !== null);
  const columns = header ? first : ['name', 'number', 'email'];
  const data = header ? sheetRows.slice(1) : sheetRows;
  if (data.length === 0) throw new UsageError(ctx.t('contacts.empty', { file: file.fileName }));
  return {
    rows: data.map((row) => Object.fromEntries(columns.map((column, index) => [column, row.cells[index] ?? '']))),
    lines: data.map((row) => row.line),
  };
}
