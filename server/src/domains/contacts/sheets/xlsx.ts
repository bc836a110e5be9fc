/**
 * The cells of the first worksheet of an .xlsx workbook, as text, read within the import's limits
 * (limits.ts): the zip's parts unpacked on a budget (platform/files/zip.ts), then the shared
 * strings and the sheet read as a stream of XML events, rows and cells counted as they come.
 * Cells hold text as written or numbers (integers without a decimal point, as contacts' numbers
 * are typed); styles, formulas and dates' formats are not read.
 */
import { unpackBudget, unpackEntry, zipEntries, ZipBudgetError, type UnpackBudget, type ZipEntry } from '../../../platform/files/zip.js';
import { RowCollector, SHEET_COLUMNS_MAX, SheetTooLarge, type SheetLimits } from './limits.js';
import { readXml } from './xml.js';

const OFFICE_DOCUMENT = /\/officeDocument$/;
const SHARED_STRINGS = /\/sharedStrings$/;

class Part {
  constructor(
    private readonly bytes: Buffer,
    private readonly entries: Map<string, ZipEntry>,
    private readonly budget: UnpackBudget,
  ) {}

  read(name: string): Buffer | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    try {
      return unpackEntry(this.bytes, entry, this.budget);
    } catch (err) {
      if (err instanceof ZipBudgetError) throw new SheetTooLarge('unpackedBytes', err.max);
      throw err;
    }
  }
}

/** Relationships of a part: target by id, and targets by type. */
function relationships(xml: Buffer | null, base: string): { byId: Map<string, string>; byType: [string, string][] } {
  const byId = new Map<string, string>();
  const byType: [string, string][] = [];
  if (!xml) return { byId, byType };
  readXml(xml, {
    open(name, attributes) {
      if (name !== 'Relationship' || !attributes.Target) return;
      const target = attributes.Target.startsWith('/') ? attributes.Target.slice(1) : `${base}${attributes.Target}`;
      if (attributes.Id) byId.set(attributes.Id, target);
      byType.push([attributes.Type ?? '', target]);
    },
  });
  return { byId, byType };
}

function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

function sharedStrings(xml: Buffer | null, collector: RowCollector): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  readXml(xml, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText) current?.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && current) {
        collector.countString();
        strings.push(current.join(''));
        current = null;
      }
    },
  });
  return strings;
}

/** Column index of a cell reference ("C12" -> 2), or null when there is none. */
function columnOf(reference: string | undefined): number | null {
  if (!reference) return null;
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    if (column > 16_384) return null;
  }
  return column > 0 ? column - 1 : null;
}

function numberText(raw: string): string {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
}

function readSheet(xml: Buffer, strings: string[], collector: RowCollector): void {
  let row: (string | undefined)[] | null = null;
  let cell: { column: number; type: string; text: string[] } | null = null;
  let inValue = false;
  let next = 0;
  readXml(xml, {
    open(name, attributes) {
      if (name === 'row') {
        row = [];
        next = 0;
      } else if (name === 'c' && row) {
        collector.countCell();
        const column = columnOf(attributes.r) ?? next;
        next = column + 1;
        cell = { column, type: attributes.t ?? 'n', text: [] };
      } else if (cell && (name === 'v' || (name === 't' && cell.type === 'inlineStr'))) inValue = true;
    },
    text(text) {
      if (inValue) cell?.text.push(text);
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'c' && cell && row) {
        const raw = cell.text.join('');
        const value = cell.type === 's' ? (strings[Number(raw)] ?? '') : cell.type === 'n' ? numberText(raw) : cell.type === 'e' ? '' : raw;
        if (cell.column < SHEET_COLUMNS_MAX) row[cell.column] = value;
        cell = null;
      } else if (name === 'row' && row) {
        collector.addRow(row);
        row = null;
      }
    },
  });
}

export function rowsOfWorkbook(bytes: Buffer, limits: SheetLimits): string[][] {
  const parts = new Part(bytes, zipEntries(bytes), unpackBudget(limits.unpackedBytes));
  const root = relationships(parts.read('_rels/.rels'), '');
  const workbookPath = root.byType.find(([type]) => OFFICE_DOCUMENT.test(type))?.[1] ?? 'xl/workbook.xml';
  const workbook = parts.read(workbookPath);
  if (!workbook) throw new Error('no workbook part');
  const base = folderOf(workbookPath);
  const links = relationships(parts.read(`${base}_rels/${workbookPath.slice(base.length)}.rels`), base);
  let firstSheet: string | undefined;
  readXml(workbook, {
    open(name, attributes) {
      if (name === 'sheet' && firstSheet === undefined) firstSheet = attributes.id;
    },
  });
  const sheetPath = firstSheet ? links.byId.get(firstSheet) : undefined;
  if (!sheetPath) return [];
  const collector = new RowCollector(limits);
  const strings = sharedStrings(parts.read(links.byType.find(([type]) => SHARED_STRINGS.test(type))?.[1] ?? `${base}sharedStrings.xml`), collector);
  const sheet = parts.read(sheetPath);
  if (!sheet) throw new Error('no worksheet part');
  readSheet(sheet, strings, collector);
  return collector.rows;
}
