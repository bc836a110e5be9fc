/**
 * Hostile spreadsheets for the import tests and sweeps (issue 29 item 3), built here byte by byte:
 * a zip writer (stored sizes can lie), .xlsx workbooks whose parts are bombs, a legacy .xls with
 * too many rows, CSV with too many fields. Each file is small; what it unpacks to or holds is not.
 */
import { deflateRawSync, crc32 } from 'node:zlib';
import * as SheetJS from '@e965/xlsx';

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** The unpacked size the archive declares (default: the real one). */
  declaredSize?: number;
}

/** A zip archive, every part deflated. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = typeof part.data === 'string' ? Buffer.from(part.data) : part.data;
    const packed = deflateRawSync(data, { level: 9 });
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An .xlsx workbook with one sheet whose <sheetData> holds `rows` (and a table of strings, if given). */
export function workbookOf(rows: Buffer | string, options: { sharedStrings?: Buffer | string; declaredSheetSize?: number } = {}): Buffer {
  const sheetHead = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
  const sheet = Buffer.concat([Buffer.from(sheetHead), typeof rows === 'string' ? Buffer.from(rows) : rows, Buffer.from('</sheetData></worksheet>')]);
  const parts: ZipPart[] = [
    { name: '[Content_Types].xml', data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>' },
    { name: '_rels/.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, ...(options.declaredSheetSize !== undefined ? { declaredSize: options.declaredSheetSize } : {}) },
  ];
  if (options.sharedStrings !== undefined) {
    const strings = typeof options.sharedStrings === 'string' ? Buffer.from(options.sharedStrings) : options.sharedStrings;
    parts.push({ name: 'xl/sharedStrings.xml', data: Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`), strings, Buffer.from('</sst>')]) });
  }
  return zipOf(parts);
}

/** `<row>`s of inline text cells. */
export function inlineRows(rows: string[][]): string {
  return rows.map((cells, r) => `<row r="${r + 1}">${cells.map((cell, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${cell}</t></is></c>`).join('')}</row>`).join('');
}

const MB = 1024 * 1024;

/** The bombs an import must refuse, each with the limit it passes. */
export function sheetBombs(): { label: string; name: string; bytes: Buffer; limit: string }[] {
  const header = inlineRows([['Nome', 'Numero']]);
  return [
    // 64 MB of whitespace inside the sheet: a few dozen KB packed.
    { label: 'zip bomb: a sheet that unpacks to 64 MB', name: 'bomba.xlsx', bytes: workbookOf(Buffer.concat([Buffer.from(header), Buffer.alloc(64 * MB, ' ')])), limit: 'unpackedBytes' },
    // The same, declaring 2 KB: caught while inflating, at the declared size.
    { label: 'zip bomb that lies about its size', name: 'mentira.xlsx', bytes: workbookOf(Buffer.concat([Buffer.from(header), Buffer.alloc(64 * MB, ' ')]), { declaredSheetSize: 2048 }), limit: 'unpackedBytes' },
    { label: '300,000 rows', name: 'linhas.xlsx', bytes: workbookOf(header + '<row><c><v>5511900000000</v></c></row>'.repeat(300_000)), limit: 'rows' },
    { label: '150,000 cells in one row', name: 'celulas.xlsx', bytes: workbookOf(header + `<row>${'<c><v>1</v></c>'.repeat(150_000)}</row>`), limit: 'cells' },
    { label: 'a cell written at XFD1048576 on every row', name: 'esparsa.xlsx', bytes: workbookOf(header + '<row><c r="XFD1048576"><v>1</v></c></row>'.repeat(120_000)), limit: 'cells' },
    { label: 'shared strings bomb: 200,000 strings', name: 'textos.xlsx', bytes: workbookOf(header, { sharedStrings: '<si><t>x</t></si>'.repeat(200_000) }), limit: 'cells' },
    { label: 'shared strings bomb: one 40 MB string', name: 'texto.xlsx', bytes: workbookOf(header, { sharedStrings: Buffer.concat([Buffer.from('<si><t>'), Buffer.alloc(40 * MB, 'x'), Buffer.from('</t></si>')]) }), limit: 'unpackedBytes' },
    { label: 'legacy .xls with 12,000 rows', name: 'antiga.xls', bytes: legacyWorkbook(12_000), limit: 'rows' },
    { label: 'CSV with 200,000 fields', name: 'campos.csv', bytes: Buffer.from(`nome;numero\n${';'.repeat(200_000)}x\n`), limit: 'cells' },
    { label: 'CSV with 6,000 rows', name: 'linhas.csv', bytes: Buffer.from(`nome;numero\n${'Ana;5511900000000\n'.repeat(6_000)}`), limit: 'rows' },
  ];
}

/** A legacy Excel 97-2003 workbook (BIFF8) with that many contact rows. */
export function legacyWorkbook(rows: number): Buffer {
  const data = [['Nome', 'Numero'], ...Array.from({ length: rows }, (_, index) => [`Cliente ${index}`, `55119${String(10_000_000 + index)}`])];
  const book = SheetJS.utils.book_new();
  SheetJS.utils.book_append_sheet(book, SheetJS.utils.aoa_to_sheet(data), 'Contatos');
  return SheetJS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}
