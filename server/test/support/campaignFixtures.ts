/**
 * Campaign audiences made directly through the models (the contact-list routes belong to another
 * area), plus small helpers of the campaign tests.
 */
import { expect } from 'chai';
import { ContactListItemModel, ContactListModel } from '../../src/domains/contactLists/model.js';
import type { TestApp } from './app.js';
import { unique, type Session } from './fixtures.js';

let serial = 0;
/** A fresh 13-digit Brazilian-looking number. */
export function listNumber(): string {
  serial += 1;
  return `5521${String(Date.now()).slice(-6)}${String(serial).padStart(3, '0')}`;
}

export interface ListMember {
  name: string;
  number: string;
  isWhatsappValid?: boolean | null;
}

/** A contact list of the company with these members. */
export async function createContactList(companyId: string, members: ListMember[]): Promise<{ id: string; members: ListMember[] }> {
  const list = await ContactListModel.create({ companyId, name: unique('List '), contactsCount: members.length });
  if (members.length > 0) {
    await ContactListItemModel.insertMany(
      members.map((member) => ({ companyId, contactListId: list._id, name: member.name, number: member.number, email: '', isWhatsappValid: member.isWhatsappValid ?? null })),
    );
  }
  return { id: String(list._id), members };
}

/** n members named "Person i" with fresh numbers. */
export function members(n: number): ListMember[] {
  return Array.from({ length: n }, (_, i) => ({ name: `Person ${i + 1} Surname`, number: listNumber() }));
}

export async function createCampaign(t: TestApp, session: Session, body: Record<string, unknown>): Promise<Record<string, any>> {
  const answer = await t.call('POST', '/campaigns', { token: session.token, body: { name: unique('Campaign '), message1: 'Hello {{firstName}}', ...body } });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body;
}

export async function saveSettings(t: TestApp, session: Session, settings: Record<string, unknown>): Promise<void> {
  const answer = await t.call('POST', '/campaign-settings', { token: session.token, body: { settings } });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
}

/** Polls the campaign until `check` holds; answers it. */
export async function campaignUntil(t: TestApp, session: Session, id: string, check: (campaign: Record<string, any>) => boolean, ms = 15_000): Promise<Record<string, any>> {
  const started = Date.now();
  let last: Record<string, any> | undefined;
  while (Date.now() - started < ms) {
    last = (await t.call('GET', `/campaigns/${id}`, { token: session.token })).body;
    if (last && check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`campaign ${id} never reached the state; last ${JSON.stringify(last)}`);
}
