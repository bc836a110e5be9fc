/**
 * Reads the first sheet of an .xlsx file into upload rows: the first row names the columns, each
 * following non-empty row becomes `{ column: value }` (the server matches the column aliases).
 * exceljs is loaded only when someone imports, so it stays out of the first load.
 */
import type { ContactUploadRow } from '@atende/shared';

type CellValue = string | number | boolean | Date | null | undefined | { text?: string; result?: unknown; richText?: { text: string }[] };

function plain(value: CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value.richText) return value.richText.map((part) => part.text).join('');
  if (typeof value.text === 'string') return value.text;
  if (typeof value.result === 'string' || typeof value.result === 'number') return value.result;
  return null;
}

export async function readContactSheet(file: Blob): Promise<ContactUploadRow[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const header: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    header[column] = String(plain(cell.value as CellValue) ?? '').trim();
  });
  const rows: ContactUploadRow[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const record: ContactUploadRow = {};
    row.eachCell((cell, column) => {
      const key = header[column];
      if (key) record[key] = plain(cell.value as CellValue);
    });
    if (Object.keys(record).length > 0) rows.push(record);
  });
  return rows;
}
