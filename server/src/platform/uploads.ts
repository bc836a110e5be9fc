/**
 * Media files of a company: checked by content (magic bytes, not only the extension), limited in
 * size by kind, stored under `<dataDir>/media/<companyId>/<random>.<ext>` and served at
 * `/public/{companyId}/{file}` to whoever holds a signed link the API gave them (mediaLinks.ts).
 *
 * Limits (issue 3; MB = 1024 * 1024 bytes):
 * - image    2 MB: png, jpg, jpeg, webp (WhatsApp stickers)
 * - audio    5 MB: ogg, opus (Ogg container), mp3, m4a (MP4 audio), aac (ADTS; iPhone voice)
 * - video   20 MB: mp4
 * - document 20 MB: pdf; doc, xls (OLE compound file); docx, xlsx, zip (PK zip); txt, csv (plain text)
 * A file whose content does not match its extension answers ERR_INVALID_MEDIA; a file over its
 * kind's limit ERR_MEDIA_TOO_LARGE (`{ limit, kind }`). A file without an extension is named by
 * its content when the content is recognisable (recorded audio blobs, pasted images).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Request, ResponseToolkit, RouteOptionsPayload, Server } from '@hapi/hapi';
import { AppError } from './errors.js';
import { signedMediaUrl, verifiedLink } from './mediaLinks.js';

export type UploadKind = 'image' | 'audio' | 'video' | 'document';

export interface StoredMedia {
  /** Stored file name (random hex + extension): what models keep as mediaPath. */
  fileName: string;
  kind: UploadKind;
  mediaType: 'image' | 'audio' | 'video' | 'application';
  mimeType: string;
  size: number;
  /** The sender's file name, sanitised (spaces -> underscores, no separators or control chars). */
  originalName: string;
}

const MB = 1024 * 1024;

export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: 2 * MB,
  audio: 5 * MB,
  video: 20 * MB,
  document: 20 * MB,
};

/** Route payload limit of multipart uploads: the largest file plus room for the other fields. */
export const MULTIPART_MAX_BYTES = 21 * MB;

export const ALL_UPLOAD_KINDS: UploadKind[] = ['image', 'audio', 'video', 'document'];

const MEDIA_TYPE: Record<UploadKind, StoredMedia['mediaType']> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'application',
};

type Sniffer = (bytes: Buffer) => boolean;

const startsWith = (signature: number[], offset = 0): Sniffer => (bytes) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string, offset = 0): Sniffer => startsWith([...Buffer.from(text, 'latin1')], offset);

const isPng = startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isJpeg = startsWith([0xff, 0xd8, 0xff]);
const isOgg = ascii('OggS');
/** ID3 tag, or an MPEG audio frame sync (11 bits set) with a valid layer. */
const isMp3: Sniffer = (bytes) =>
  ascii('ID3')(bytes) || (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0);
const isMp4 = ascii('ftyp', 4);
const isWebp: Sniffer = (bytes) => ascii('RIFF')(bytes) && ascii('WEBP', 8)(bytes);
// ADTS frames start with a 12-bit sync word and layer 00 (mp3 has a non-zero layer).
const isAdts: Sniffer = (bytes) => bytes.length > 1 && bytes[0] === 0xff && (bytes[1]! & 0xf6) === 0xf0;
const isPdf = ascii('%PDF');
const isOle = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const isZip: Sniffer = (bytes) => startsWith([0x50, 0x4b, 0x03, 0x04])(bytes) || startsWith([0x50, 0x4b, 0x05, 0x06])(bytes);
/** Plain text (UTF-8 or a single-byte charset): no NUL nor binary control bytes. */
const isText: Sniffer = (bytes) => {
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) return false;
  }
  return true;
};

interface Format {
  kind: UploadKind;
  mimeType: string;
  sniff: Sniffer;
}

/** Every accepted extension, in the order used to name a file that came without one. */
const FORMATS: Record<string, Format> = {
  png: { kind: 'image', mimeType: 'image/png', sniff: isPng },
  jpg: { kind: 'image', mimeType: 'image/jpeg', sniff: isJpeg },
  jpeg: { kind: 'image', mimeType: 'image/jpeg', sniff: isJpeg },
  webp: { kind: 'image', mimeType: 'image/webp', sniff: isWebp },
  ogg: { kind: 'audio', mimeType: 'audio/ogg', sniff: isOgg },
  opus: { kind: 'audio', mimeType: 'audio/ogg', sniff: isOgg },
  mp3: { kind: 'audio', mimeType: 'audio/mpeg', sniff: isMp3 },
  m4a: { kind: 'audio', mimeType: 'audio/mp4', sniff: isMp4 },
  aac: { kind: 'audio', mimeType: 'audio/aac', sniff: isAdts },
  mp4: { kind: 'video', mimeType: 'video/mp4', sniff: isMp4 },
  pdf: { kind: 'document', mimeType: 'application/pdf', sniff: isPdf },
  doc: { kind: 'document', mimeType: 'application/msword', sniff: isOle },
  xls: { kind: 'document', mimeType: 'application/vnd.ms-excel', sniff: isOle },
  docx: { kind: 'document', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniff: isZip },
  xlsx: { kind: 'document', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniff: isZip },
  zip: { kind: 'document', mimeType: 'application/zip', sniff: isZip },
  txt: { kind: 'document', mimeType: 'text/plain; charset=utf-8', sniff: isText },
  csv: { kind: 'document', mimeType: 'text/csv; charset=utf-8', sniff: isText },
};

/** Content that names itself unambiguously, for files sent without an extension. */
const SELF_NAMING = ['png', 'jpg', 'webp', 'ogg', 'mp3', 'mp4', 'pdf'];

const COMPANY_ID = /^[0-9a-f]{24}$/;
const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;
const ORIGINAL_NAME_MAX = 200;

let mediaRoot: string | null = null;

/** Called once by app.ts with the configured data dir. */
export function configureUploads(dataDir: string): void {
  mediaRoot = path.resolve(dataDir, 'media');
}

function root(): string {
  if (!mediaRoot) throw new Error('uploads are not configured: call configureUploads(dataDir) first');
  return mediaRoot;
}

function companyDir(companyId: string): string {
  if (!COMPANY_ID.test(companyId)) throw new AppError('ERR_INVALID_MEDIA', { reason: 'company' });
  return path.join(root(), companyId);
}

/** Where a stored file lives; refuses anything but a stored name (no path traversal). */
export function mediaFilePath(companyId: string, fileName: string): string {
  if (!STORED_NAME.test(fileName)) throw new AppError('ERR_INVALID_MEDIA', { reason: 'name' });
  return path.join(companyDir(companyId), fileName);
}

/** The signed URL path of a stored file, relative to the server origin, for an answer or a push. */
export function mediaUrl(companyId: string, fileName: string): string {
  return signedMediaUrl(companyId, fileName);
}

/** The sender's name made safe to show and to send on: base name, no control chars, spaces -> _. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[<>:"|?*]/g, '')
    .replace(/\s+/g, '_')
    .replace(/^\.+/, '');
  if (clean.length <= ORIGINAL_NAME_MAX) return clean;
  const ext = path.extname(clean).slice(0, 10);
  return clean.slice(0, ORIGINAL_NAME_MAX - ext.length) + ext;
}

function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** Which of our formats the file is: by extension checked against content, or by content alone. */
function identify(name: string, bytes: Buffer): { ext: string; format: Format } {
  const ext = extensionOf(name);
  if (!ext) {
    const found = SELF_NAMING.find((candidate) => FORMATS[candidate]!.sniff(bytes));
    if (!found) throw new AppError('ERR_INVALID_MEDIA', { reason: 'type' });
    return { ext: found, format: FORMATS[found]! };
  }
  const format = FORMATS[ext];
  if (!format) throw new AppError('ERR_INVALID_MEDIA', { reason: 'type', extension: ext });
  if (!format.sniff(bytes)) throw new AppError('ERR_INVALID_MEDIA', { reason: 'content', extension: ext });
  return { ext, format };
}

/**
 * Checks and stores one uploaded file for a company. `allowed` narrows the kinds (an avatar
 * takes images only); by default every kind is accepted. `extensions` narrows further where the
 * spec names the formats (announcements: png, jpg, jpeg; no webp).
 */
export async function storeUpload(
  companyId: string,
  file: { filename: string; bytes: Buffer },
  allowed: UploadKind[] = ALL_UPLOAD_KINDS,
  extensions?: readonly string[],
): Promise<StoredMedia> {
  const dir = companyDir(companyId);
  if (file.bytes.length === 0) throw new AppError('ERR_INVALID_MEDIA', { reason: 'empty' });
  const { ext, format } = identify(file.filename, file.bytes);
  if (!allowed.includes(format.kind)) throw new AppError('ERR_INVALID_MEDIA', { reason: 'kind', kind: format.kind, allowed });
  if (extensions && !extensions.includes(ext)) throw new AppError('ERR_INVALID_MEDIA', { reason: 'type', extension: ext, allowed: extensions });
  const limit = UPLOAD_LIMITS[format.kind];
  if (file.bytes.length > limit) throw new AppError('ERR_MEDIA_TOO_LARGE', { kind: format.kind, limit });

  const fileName = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, fileName), file.bytes, { flag: 'wx' });
  const sanitized = sanitizeFileName(file.filename);
  return {
    fileName,
    kind: format.kind,
    mediaType: MEDIA_TYPE[format.kind],
    mimeType: format.mimeType,
    size: file.bytes.length,
    originalName: extensionOf(sanitized) ? sanitized : `${sanitized || 'file'}.${ext}`,
  };
}

/**
 * A file stored earlier, described for a send (a flow's block media): null when the name is not a
 * stored one or the file is gone.
 */
export async function storedMedia(companyId: string, fileName: string, originalName?: string): Promise<StoredMedia | null> {
  const format = FORMATS[extensionOf(fileName)];
  if (!format || !STORED_NAME.test(fileName) || !COMPANY_ID.test(companyId)) return null;
  const found = await stat(mediaFilePath(companyId, fileName)).catch(() => null);
  if (!found?.isFile()) return null;
  return { fileName, kind: format.kind, mediaType: MEDIA_TYPE[format.kind], mimeType: format.mimeType, size: found.size, originalName: sanitizeFileName(originalName || fileName) };
}

/** Removes a stored file; a name that is not ours, or a file already gone, is ignored. */
export async function removeUpload(companyId: string, fileName: string | null | undefined): Promise<void> {
  if (!fileName || !STORED_NAME.test(fileName) || !COMPANY_ID.test(companyId)) return;
  await rm(mediaFilePath(companyId, fileName), { force: true });
}

// ---- multipart routes -------------------------------------------------------------------------

/**
 * Payload options of a multipart upload route. Files arrive as streams (hapi reads them fully in
 * memory first) so that their bytes are never re-decoded by the part's content-type.
 */
export function multipartPayload(maxBytes = MULTIPART_MAX_BYTES): RouteOptionsPayload {
  return { output: 'data', parse: true, multipart: { output: 'stream' }, maxBytes, allow: 'multipart/form-data' };
}

export interface FilePart {
  filename: string;
  bytes: Buffer;
}

type HapiFileStream = Readable & { hapi?: { filename?: string; headers?: Record<string, string> } };

function isFileStream(value: unknown): value is HapiFileStream {
  return typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function' && 'hapi' in value;
}

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * The files sent under one multipart field (one or several parts of the same name). A field that
 * is missing or carries text instead of a file answers ERR_VALIDATION naming the field.
 */
export async function fileParts(payload: unknown, field: string): Promise<FilePart[]> {
  const value = (payload as Record<string, unknown> | null)?.[field];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  if (values.length === 0) throw new AppError('ERR_VALIDATION', { field, rule: 'any.required' }, `payload ${field}: a file is required`);
  const parts: FilePart[] = [];
  for (const item of values) {
    if (!isFileStream(item)) throw new AppError('ERR_VALIDATION', { field, rule: 'file' }, `payload ${field}: must be a file`);
    parts.push({ filename: item.hapi?.filename ?? '', bytes: await readStream(item) });
  }
  return parts;
}

/** The one file of a multipart field. */
export async function filePart(payload: unknown, field: string): Promise<FilePart> {
  const [first] = await fileParts(payload, field);
  return first!;
}

// ---- public media -----------------------------------------------------------------------------

/**
 * GET /public/{companyId}/{file}?expires&signature: no bearer token (an <img> or <audio> sends
 * none), a signed link instead; content type by our formats. A wrong or expired link is a 404,
 * as an unknown file is.
 */
export function registerPublicMedia(server: Server): void {
  server.route({
    method: 'GET',
    path: '/public/{companyId}/{file}',
    options: { auth: false, description: 'Stored media of a company, by a signed link from the API' },
    handler: async (request: Request, h: ResponseToolkit) => {
      const { companyId, file } = request.params as { companyId: string; file: string };
      if (!COMPANY_ID.test(companyId) || !STORED_NAME.test(file)) throw new AppError('ERR_NOT_FOUND');
      const query = request.query as Record<string, unknown>;
      const expires = verifiedLink(companyId, file, query.expires, query.signature);
      if (expires === null) throw new AppError('ERR_NOT_FOUND');
      const format = FORMATS[extensionOf(file)];
      const dir = companyDir(companyId);
      const found = await stat(path.join(dir, file)).catch(() => null);
      if (!format || !found?.isFile()) throw new AppError('ERR_NOT_FOUND');
      return h
        .file(file, { confine: dir, etagMethod: 'simple' })
        .type(format.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${Math.floor((expires - Date.now()) / 1000)}`);
    },
  });
}
