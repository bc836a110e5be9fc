/**
 * Reading entries of an uploaded zip (an .xlsx workbook) without trusting it: a budget of unpacked
 * bytes is checked against each entry's declared size before it is inflated and against what
 * actually comes out while inflating (zlib stops at the declared size, so an entry that lies about
 * its size is caught at that point, never inflated to the end). Only entries asked for are
 * inflated. Zip64, encryption and methods other than stored and deflate are not read: no
 * spreadsheet within the upload limit needs them.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** The size the archive declares once unpacked. */
  size: number;
  localOffset: number;
}

/** The archive is not one this reader takes (broken, zip64, encrypted). */
export class ZipFormatError extends Error {}

/** Unpacking would go over the budget. */
export class ZipBudgetError extends Error {
  constructor(readonly max: number) {
    super(`more than ${max} bytes once unpacked`);
  }
}

/** What may still be unpacked, over every entry read from one archive. */
export interface UnpackBudget {
  max: number;
  left: number;
}

export function unpackBudget(max: number): UnpackBudget {
  return { max, left: max };
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** An archive comment is at most 65,535 bytes: the end record is within this of the end. */
const END_SEARCH = 22 + 65_535;
const ENTRIES_MAX = 10_000;

function endOfDirectory(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - END_SEARCH); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipFormatError('no end of central directory');
}

/** The archive's entries by name, from its central directory. */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  if (bytes.length < 22) throw new ZipFormatError('too short');
  const end = endOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipFormatError('zip64');
  if (count > ENTRIES_MAX) throw new ZipFormatError('too many entries');
  const entries = new Map<string, ZipEntry>();
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipFormatError('broken central directory');
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) throw new ZipFormatError('zip64');
    entries.set(entry.name.replace(/^\//, ''), entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The entry's bytes, unpacked within the budget (which it then spends). */
export function unpackEntry(bytes: Buffer, entry: ZipEntry, budget: UnpackBudget): Buffer {
  if (entry.flags & 0x1) throw new ZipFormatError('encrypted');
  if (entry.size > budget.left) throw new ZipBudgetError(budget.max);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipFormatError('broken local header');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) throw new ZipFormatError('truncated entry');
  let unpacked: Buffer;
  if (entry.method === 0) unpacked = packed;
  else if (entry.method === 8) {
    try {
      // Stops as soon as more than the declared size comes out.
      unpacked = entry.size === 0 ? Buffer.alloc(0) : inflateRawSync(packed, { maxOutputLength: entry.size });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipBudgetError(budget.max);
      throw new ZipFormatError('broken deflate data');
    }
  } else throw new ZipFormatError(`compression method ${entry.method}`);
  if (unpacked.length !== entry.size) throw new ZipFormatError('size differs from the declared one');
  budget.left -= unpacked.length;
  return unpacked;
}
