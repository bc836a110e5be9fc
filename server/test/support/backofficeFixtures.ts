/**
 * Helpers of the uploads, queues, tags and quick-messages tests: sample media of every accepted
 * format, multipart posting, tickets inserted directly, and realtime listeners.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Types } from 'mongoose';
import { createContact } from '../../src/domains/contacts/writer.js';
import { createTicket } from '../../src/domains/tickets/writer.js';
import type { TicketDoc } from '../../src/domains/tickets/model.js';
import type { Answer, TestApp } from './app.js';

const pad = (head: Buffer, size = 64) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);

/** Smallest recognisable content of each format (magic bytes followed by filler). */
export const SAMPLES = {
  png: (size?: number) => pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), size),
  jpeg: (size?: number) => pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), size),
  ogg: (size?: number) => pad(Buffer.from('OggS\0\x02', 'latin1'), size),
  mp3Id3: (size?: number) => pad(Buffer.from('ID3\x03\0\0', 'latin1'), size),
  mp3Frame: (size?: number) => pad(Buffer.from([0xff, 0xfb, 0x90, 0x64]), size),
  mp4: (size?: number) => pad(Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), size),
  m4a: (size?: number) => pad(Buffer.from('\0\0\0\x1cftypM4A ', 'latin1'), size),
  aac: (size?: number) => pad(Buffer.from([0xff, 0xf1, 0x50, 0x80]), size),
  webp: (size?: number) => pad(Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1'), size),
  pdf: (size?: number) => pad(Buffer.from('%PDF-1.7\n', 'latin1'), size),
  ole: (size?: number) => pad(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), size),
  zip: (size?: number) => pad(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), size),
  text: () => Buffer.from('name;number\r\nAna;5511999990000\r\nJosé;5511988887777\n', 'utf8'),
};

export interface FileToSend {
  name: string;
  bytes: Buffer;
  /** Content type of the part (default application/octet-stream). */
  type?: string;
}

/** multipart/form-data: text fields plus file parts. */
export async function postMultipart(t: TestApp, token: string, path: string, fields: Record<string, string>, files: Record<string, FileToSend>): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${t.url}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Non-JSON answers stay text.
  }
  return { status: response.status, body, headers: response.headers };
}

/** Tickets are inserted directly: the tickets API is another area's. */
export async function insertTicket(companyId: string, extra: Record<string, unknown> = {}): Promise<TicketDoc> {
  const contact = await createContact(companyId, { name: `Customer ${randomUUID().slice(0, 6)}`, number: String(Date.now()) + Math.floor(Math.random() * 1000) });
  return createTicket({ companyId, uuid: randomUUID(), contactId: contact._id, status: 'open', ...extra });
}

export function oid(): string {
  return new Types.ObjectId().toHexString();
}

export async function expectFileGone(path: string): Promise<void> {
  const { stat } = await import('node:fs/promises');
  const found = await stat(path).catch(() => null);
  expect(found, `${path} should be removed`).to.equal(null);
}
