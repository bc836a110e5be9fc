/**
 * The cells of the first worksheet of a legacy .xls workbook (Excel 97-2003, BIFF in an OLE2
 * container), as text. SheetJS CE 0.20.3 (the @e965/xlsx republish: the npm `xlsx` 0.18.5 has
 * unfixed advisories about crafted files), read without formulas, styles or HTML.
 */
import * as XLSX from '@e965/xlsx';

export function rowsOfLegacyWorkbook(bytes: Buffer): string[][] {
  const workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: false, cellHTML: false, cellStyles: false, dense: true });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return [];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  return rows.map((row) => row.map((cell) => String(cell ?? '').trim())).filter((row) => row.some((cell) => cell !== ''));
}
