/**
 * Reads the first sheet of an .xlsx file into upload rows: the first row names the columns, each
 * following non-empty row becomes `{ column: value }` (the server matches the column aliases).
 * The reader (read-excel-file, a few tens of kB) loads only when someone imports.
 */
import type { ContactUploadRow } from '@atende/shared';

function plain(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export async function readContactSheet(file: Blob): Promise<ContactUploadRow[]> {
  const { readSheet } = await import('read-excel-file/browser');
  const [header = [], ...body] = await readSheet(file);
  const columns = header.map((cell) => String(plain(cell) ?? '').trim());
  const rows: ContactUploadRow[] = [];
  for (const cells of body) {
    const record: ContactUploadRow = {};
    cells.forEach((cell, column) => {
      const key = columns[column];
      const value = plain(cell);
      if (key && value !== null && value !== '') record[key] = value;
    });
    if (Object.keys(record).length > 0) rows.push(record);
  }
  return rows;
}
