/** Checks of the ticket counters (lanes and days) against the stored tickets and contacts of a company. */
import { expect } from 'chai';
import { CounterModel } from '../../src/platform/database/counterModel.js';
import { CounterTotals } from '../../src/platform/database/counterBuild.js';
import { contactMove } from '../../src/domains/contacts/directory.js';
import { ContactModel, type ContactDoc } from '../../src/domains/contacts/model.js';
import { moveOf } from '../../src/domains/tickets/laneCounts.js';
import { TicketModel, type TicketDoc } from '../../src/domains/tickets/model.js';

/** The company's counters equal those computed from its stored tickets and contacts. */
export async function expectCountersExact(companyId: string): Promise<void> {
  const totals = new CounterTotals();
  for (const ticket of await TicketModel.find({ companyId }).lean<TicketDoc[]>()) totals.add(companyId, moveOf(null, ticket).grow);
  // Contacts count in their name prefix and in the dashboard's new contacts of their day.
  for (const contact of await ContactModel.find({ companyId }).lean<ContactDoc[]>()) totals.add(companyId, contactMove(null, contact).grow);
  const expected = new Map<string, Record<string, number>>();
  for (const docs of totals.documents(10_000)) for (const doc of docs) expected.set(doc.key as string, doc.parts as Record<string, number>);
  const stored = await CounterModel.find({ companyId }).lean();
  for (const doc of stored) {
    const parts = Object.fromEntries(Object.entries(doc.parts ?? {}).filter(([, count]) => count !== 0));
    expect(parts, doc.key).to.deep.equal(expected.get(doc.key) ?? {});
    expect(doc.count, doc.key).to.equal(Object.values(parts).reduce((sum, count) => sum + count, 0));
  }
  expect(stored.filter((doc) => doc.count !== 0).length).to.equal([...expected.values()].filter((parts) => Object.keys(parts).length > 0).length);
}
