/** People with two WhatsApp identities, for the one-contact-per-person tests (issue 23). */
import { expect } from 'chai';
import mongoose from 'mongoose';
import type { TestApp } from './app.js';
import type { Session } from './fixtures.js';

let seed = 0;

/**
 * A Brazilian mobile number in both forms: `modern` with the ninth digit (55 31 9 8xxx-xxxx, as an
 * agent types it), `legacy` without it (the WhatsApp id of many older accounts).
 */
export function personNumbers(area = 31): { modern: string; legacy: string } {
  seed += 1;
  const eight = `8${String(Date.now() % 10_000).padStart(4, '0')}${String(seed).padStart(3, '0')}`;
  return { modern: `55${area}9${eight}`, legacy: `55${area}${eight}` };
}

let lidSeed = 0;
/** A LID (WhatsApp's private id): 15 digits. */
export function freshLid(): string {
  lidSeed += 1;
  return `2${String(Date.now()).slice(-9)}${String(lidSeed).padStart(5, '0')}`;
}

/** The contacts of a company as stored (ids, numbers, keys), straight from the database. */
export async function storedContacts(companyId: string): Promise<Record<string, any>[]> {
  return mongoose.connection.db!.collection('contacts').find({ companyId: new mongoose.Types.ObjectId(companyId) }).toArray();
}

/** The company's stored contacts holding a number in either form of `numbers`. */
export async function contactsOfPerson(companyId: string, numbers: string[]): Promise<Record<string, any>[]> {
  return (await storedContacts(companyId)).filter((contact) => numbers.includes(contact.number));
}

/** A customer of the sandbox writes (with a LID, or as the LID alone when `hideNumber`). */
export async function personSays(t: TestApp, admin: Session, whatsappId: string, message: { from: string; body: string; lid?: string; hideNumber?: boolean; name?: string }): Promise<void> {
  const answer = await t.call('POST', `/sandbox/${whatsappId}/messages`, { token: admin.token, body: { name: 'Customer', ...message } });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
}

/** The company's tickets of a contact, as stored. */
export async function ticketsOfContact(contactId: string): Promise<Record<string, any>[]> {
  return mongoose.connection.db!.collection('tickets').find({ contactId: new mongoose.Types.ObjectId(contactId) }).toArray();
}
