/**
 * The cells of the first worksheet of a legacy .xls workbook (Excel 97-2003, BIFF in an OLE2
 * container), as text. SheetJS CE 0.20.3 (the @e965/xlsx republish: the npm `xlsx` 0.18.5 has
 * unfixed advisories about crafted files), read without formulas, styles or HTML, the first sheet
 * only and at most twice the rows allowed (blank rows between them), within the import's limits.
 * Its file is not compressed: the upload's size bounds it, and the worker's memory the rest.
 */
import * as XLSX from '@e965/xlsx';
import { RowCollector, SHEET_COLUMNS_MAX, SheetTooLarge, type SheetLimits } from './limits.js';

export function rowsOfLegacyWorkbook(bytes: Buffer, limits: SheetLimits): string[][] {
  const scanned = limits.rows * 2;
  const workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: false, cellHTML: false, cellStyles: false, dense: true, sheets: 0, sheetRows: scanned });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return [];
  const collector = new RowCollector(limits);
  for (const row of sheet['!data'] ?? []) {
    if (!row) continue;
    const cells: string[] = [];
    // Sparse rows: only the cells present, however far right one was written.
    for (const key of Object.keys(row)) {
      collector.countCell();
      const column = Number(key);
      const cell = row[column];
      if (column < SHEET_COLUMNS_MAX && cell) cells[column] = cell.w ?? String(cell.v ?? '');
    }
    collector.addRow(cells);
  }
  // Cut at the rows scanned: a sheet that went on has more rows than an import takes.
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : null;
  if (full && full.e.r + 1 > scanned) throw new SheetTooLarge('rows', limits.rows);
  return collector.rows;
}
