/**
 * Reading a contacts spreadsheet saved as CSV: text decoding (UTF-8, UTF-16 with a byte-order
 * mark, or Windows-1252 as Excel saves "CSV" in Brazil), separator detection (; , or tab) and
 * RFC 4180 fields (quotes, doubled quotes, line breaks inside quotes).
 */
import { contactColumnOf, type ContactColumn } from '@atende/shared';

export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The separator used most often outside quotes in the first line (ties go to ';'). */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([[';', 0], [',', 0], ['\t', 0]]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ';';
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}

/** Rows of fields; blank lines are left out. */
export function parseCsv(text: string, separator = detectSeparator(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    if (row.some((cell) => cell.trim() !== '')) rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else {
      field += char;
    }
    i += 1;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

export interface CsvContacts {
  /** Records keyed by field (name, number, email); data rows only. */
  records: Record<ContactColumn, string>[];
  /** Whether the first line named the columns; without one the order is name, number, email. */
  header: boolean;
}

/**
 * Data rows as { name, number, email }. The first line is a header when one of its cells names a
 * field (nome, número, telefone, email, nombre...); otherwise columns are taken in that order.
 * Returns null when a header is present but has no number column.
 */
export function contactsFromCsv(text: string): CsvContacts | null {
  return contactsFromRows(parseCsv(text));
}

/** Sheet rows (CSV or a workbook's first sheet) to contact records, by the header's columns. */
export function contactsFromRows(rows: string[][]): CsvContacts | null {
  const first = rows[0] ?? [];
  const columns = first.map((cell) => contactColumnOf(cell));
  const header = columns.some((column) => column !== null);
  if (header && !columns.includes('number')) return null;
  const positions: (ContactColumn | null)[] = header ? columns : ['name', 'number', 'email'];
  const records = (header ? rows.slice(1) : rows).map((cells) => {
    const record: Record<ContactColumn, string> = { name: '', number: '', email: '' };
    positions.forEach((column, index) => {
      const cell = (cells[index] ?? '').trim();
      if (column && record[column] === '') record[column] = cell;
    });
    return record;
  });
  return { records, header };
}
