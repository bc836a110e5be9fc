/** Contacts, tickets and live events for the contacts and ticket-notes tests. */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTicket, updateTicket } from '../../src/domains/tickets/writer.js';
import { insertMessage as storeMessage } from '../../src/domains/messages/store.js';
import type { TicketDoc } from '../../src/domains/tickets/model.js';
import type { Answer, TestApp } from './app.js';
import { unique, type Session } from './fixtures.js';

export interface ContactAnswer {
  id: string;
  name: string;
  number: string;
  email: string;
  extraInfo: { id: string; name: string; value: string }[];
  [field: string]: unknown;
}

let numberSeed = 0;
/** A fresh 13-digit Brazilian-looking number (55 18 9xxxx-xxxx; tests spell their own with 11). */
export function freshNumber(): string {
  numberSeed += 1;
  return `55189${String(numberSeed).padStart(8, '0')}`;
}

export async function createContact(t: TestApp, session: Session, fields: Record<string, unknown> = {}): Promise<ContactAnswer> {
  const answer = await t.call('POST', '/contacts', { token: session.token, body: { name: unique('Contact '), number: freshNumber(), ...fields } });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body as ContactAnswer;
}

/** Tickets are inserted directly: these tests are about contacts and notes, not the ticket API. */
export async function insertTicket(companyId: string, contactId: string, extra: Record<string, unknown> = {}): Promise<TicketDoc> {
  return createTicket({ companyId, uuid: randomUUID(), contactId, status: 'open', ...extra });
}

export async function insertMessage(companyId: string, ticketId: string, contactId: string, body = 'hello'): Promise<void> {
  const ticket = await updateTicket(companyId, ticketId, { $inc: { messageCount: 1 } });
  await storeMessage(ticket!, ticket!.messageCount - 1, { contactId, providerMessageId: randomUUID(), body });
}

/** multipart/form-data with one file part named `field`. */
export async function postFile(t: TestApp, token: string, path: string, file: { name: string; bytes: Buffer | string; type?: string }, field = 'file'): Promise<Answer> {
  const form = new FormData();
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes;
  form.append(field, new Blob([bytes], { type: file.type ?? 'text/csv' }), file.name);
  const response = await fetch(`${t.url}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}
