/**
 * Reading a contacts spreadsheet saved as CSV: text decoding (UTF-8, UTF-16 with a byte-order
 * mark, or Windows-1252 as Excel saves "CSV" in Brazil), separator detection (; , or tab) and
 * RFC 4180 fields (quotes, doubled quotes, line breaks inside quotes), fields and rows counted
 * within the import's limits as they are read.
 */
import type { RowCollector } from './limits.js';

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

/** Rows of fields, into the collector (blank lines are left out). */
export function parseCsv(text: string, collector: RowCollector, separator = detectSeparator(text)): string[][] {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    collector.countCell();
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    collector.addRow(row);
    row = [];
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
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else {
      field += char;
    }
    i += 1;
  }
  if (field !== '' || row.length > 0) endRow();
  return collector.rows;
}
