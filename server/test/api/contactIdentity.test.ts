/**
 * One contact per person (issue 23): a Brazilian mobile number typed with its ninth digit and the
 * same person's WhatsApp id without it, or a LID and a number, are one contact and one open ticket,
 * whichever way in comes first (by hand, import, send API, a customer's message), in both orders,
 * under concurrency; another company's contacts are never touched.
 */
import { expect } from 'chai';
import mongoose from 'mongoose';
import { ContactModel } from '../../src/domains/contacts/model.js';
import { findOrCreateContact } from '../../src/domains/contacts/identity.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createTenant, expectError, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { contactsOfPerson, freshLid, personNumbers, personSays, storedContacts, ticketsOfContact } from '../support/identityFixtures.js';
import { eventually, outboxOf, sandboxConnection } from '../support/inboxFixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';

describe('one contact per person: the ninth digit and the LID (issue 23)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  let whatsappId: string;
  let token: string;
  let live: Listener;
  let otherBefore: Record<string, any>[];
  const shared = personNumbers();

  const admin = (): Session => tenant.admin;
  const createByHand = (number: string, name = 'Typed by hand', session = admin()) => t.call('POST', '/contacts', { token: session.token, body: { name, number } });
  const sendApi = (number: string, body: string) => t.call('POST', '/messages/send', { token, body: { number, body } });
  const activeTickets = async (contactId: string) => (await ticketsOfContact(contactId)).filter((ticket) => ticket.status !== 'closed');
  const messagesOf = async (ticketId: string) => (await t.call('GET', `/messages/${ticketId}`, { token: admin().token })).body.messages as { body: string; fromMe: boolean }[];

  before(async () => {
    t = await startTestApp('identity', { ATENDE_SANDBOX_ACK_MS: '20' });
    const superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useExternalApi: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    token = (await t.call('GET', `/whatsapp/${whatsappId}`, { token: admin().token })).body.token as string;
    live = await listen(t, tenant.adminEmail, tenant.password, 'contact');
    // Another company holds the same person: nothing done here may touch it.
    expect((await createByHand(shared.modern, 'Theirs', other.admin)).status).to.equal(201);
    otherBefore = await storedContacts(other.companyId);
  });
  after(async () => {
    await live?.client.disconnect();
    await t?.stop();
  });

  it('a contact typed by hand is refused in the other form of its number, in both orders (409); another company has its own', async () => {
    const first = personNumbers();
    expect((await createByHand(first.modern)).status).to.equal(201);
    expectError(await createByHand(first.legacy), 409, 'ERR_DUPLICATED_CONTACT');
    const second = personNumbers();
    expect((await createByHand(`+${second.legacy}`)).status).to.equal(201);
    expectError(await createByHand(second.modern), 409, 'ERR_DUPLICATED_CONTACT');
    expect((await createByHand(shared.legacy)).status, 'the other company holds it, not this one').to.equal(201);
    // Numbers that have one form only stay apart: a landline, and a mobile whose eight digits start with 1 to 5.
    expect((await createByHand('553133334444')).status).to.equal(201);
    expect((await createByHand('5531933334444')).status).to.equal(201);
    const keys = (await contactsOfPerson(tenant.companyId, [first.modern, second.legacy])).map((contact) => contact.numberKey);
    expect(keys).to.have.members([first.legacy, second.legacy]);
  });

  it("PUT to the other form of someone else's number is refused; a contact may take its own number's other form", async () => {
    const taken = personNumbers();
    const mine = personNumbers();
    await createByHand(taken.modern);
    const contact = (await createByHand(mine.modern)).body;
    expectError(await t.call('PUT', `/contacts/${contact.id}`, { token: admin().token, body: { number: taken.legacy } }), 409, 'ERR_DUPLICATED_CONTACT');
    const renamed = await t.call('PUT', `/contacts/${contact.id}`, { token: admin().token, body: { number: mine.legacy } });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    expect(renamed.body.number).to.equal(mine.legacy);
  });

  it('an import refuses a person already stored in the other form, and the same person twice in one sheet', async () => {
    const stored = personNumbers();
    const twice = personNumbers();
    await createByHand(stored.legacy);
    const answer = await t.call('POST', '/contacts/upload', {
      token: admin().token,
      body: [
        { name: 'Stored other form', number: stored.modern },
        { name: 'Twice A', number: twice.modern },
        { name: 'Twice B', number: twice.legacy },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.newContacts.map((row: { contactName: string }) => row.contactName)).to.deep.equal(['Twice A']);
    expect(answer.body.errorBag.map((row: { row: number; error: { code: string } }) => [row.row, row.error.code])).to.deep.equal([
      [1, 'ERR_DUPLICATED_CONTACT'],
      [3, 'ERR_DUPLICATED_CONTACT'],
    ]);
  });

  it('the send API reaches a person typed in the other form: one contact, one open ticket, in both orders', async () => {
    const typed = personNumbers();
    const hand = (await createByHand(typed.modern)).body;
    const viaLegacy = await sendApi(typed.legacy, 'first');
    expect(viaLegacy.status, JSON.stringify(viaLegacy.body)).to.equal(200);
    expect(viaLegacy.body.contactId).to.equal(hand.id);

    const sent = personNumbers();
    const first = await sendApi(sent.modern, 'hello');
    const second = await sendApi(sent.legacy, 'again');
    expect(second.body.contactId).to.equal(first.body.contactId);
    expect(second.body.ticketId).to.equal(first.body.ticketId);
    expect(await contactsOfPerson(tenant.companyId, [sent.modern, sent.legacy])).to.have.length(1);
    expect(await activeTickets(first.body.contactId)).to.have.length(1);
  });

  it('a customer whose WhatsApp account has no ninth digit: the first send goes to that account, and the answer lands in the same contact and ticket', async () => {
    const person = personNumbers();
    await t.call('PUT', `/sandbox/${whatsappId}/legacy-numbers`, { token: admin().token, body: { prefixes: [person.modern] } });
    const hand = (await createByHand(person.modern, 'Dona Maria')).body;
    const sent = await sendApi(person.modern, 'Your order shipped');
    expect(sent.body.contactId).to.equal(hand.id);
    // The connection asked WhatsApp before the first send: the message went to the account that exists.
    const delivered = await eventually(() => outboxOf(t, admin(), whatsappId, person.legacy), 5_000, 'delivered to the legacy account');
    expect(delivered.map((message) => message.body)).to.deep.equal(['Your order shipped']);
    expect(await outboxOf(t, admin(), whatsappId, person.modern)).to.deep.equal([]);
    expect((await ContactModel.findOne({ companyId: tenant.companyId, _id: hand.id }).lean())?.waNumber).to.equal(person.legacy);

    await personSays(t, admin(), whatsappId, { from: person.modern, body: 'Thanks!' });
    await eventually(async () => (await messagesOf(sent.body.ticketId)).some((message) => message.body === 'Thanks!'), 5_000, 'the answer in the same ticket');
    expect(await contactsOfPerson(tenant.companyId, [person.modern, person.legacy])).to.have.length(1);
    expect(await activeTickets(hand.id)).to.have.length(1);
  });

  it('a number WhatsApp does not know is not sent: the message fails at once with ERR_WAPP_INVALID_CONTACT', async () => {
    await t.call('PUT', `/sandbox/${whatsappId}/absent-numbers`, { token: admin().token, body: { prefixes: ['5569'] } });
    const sent = await sendApi('5569981234567', 'Anyone there?');
    expect(sent.status).to.equal(200);
    const messageId = sent.body.messages[0].id as string;
    const failed = await eventually(async () => {
      const stored = await mongoose.connection.db!.collection('messages').findOne({ _id: new mongoose.Types.ObjectId(messageId) });
      return stored?.sendError ? stored : null;
    }, 5_000, 'the send given up');
    expect(failed).to.include({ ack: 0, sendAttempts: 1, outboxKey: null });
    expect(await outboxOf(t, admin(), whatsappId, '5569981234567')).to.deep.equal([]);
  });

  it('concurrent first contacts of one person in both forms (customer messages, send API, by hand) end as one contact and one open ticket', async () => {
    const person = personNumbers();
    const forms = [person.modern, person.legacy];
    const answers = await Promise.all([
      ...forms.flatMap((from, i) => [0, 1].map((n) => t.call('POST', `/sandbox/${whatsappId}/messages`, { token: admin().token, body: { from, name: 'Racer', body: `race ${i}${n}` } }))),
      ...forms.map((number) => sendApi(number, 'race from the API')),
      ...forms.map((number) => createByHand(number, 'Racer by hand')),
      ...forms.map((number) => findOrCreateContact(tenant.companyId, { number, fromNetwork: true }).then(() => ({ status: 201 }))),
    ]);
    expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).to.deep.equal([]);
    const stored = await contactsOfPerson(tenant.companyId, forms);
    expect(stored, JSON.stringify(stored)).to.have.length(1);
    expect(await activeTickets(String(stored[0]!._id))).to.have.length(1);
  });

  it('a search by a whole number finds the person stored in the other form', async () => {
    const person = personNumbers();
    const stored = (await createByHand(person.legacy, 'Searched Person')).body;
    const found = await t.call('GET', `/contacts?searchParam=${person.modern}`, { token: admin().token });
    expect(found.body.contacts.map((contact: { id: string }) => contact.id)).to.deep.equal([stored.id]);
  });

  it('a person known by LID first, then by number and LID, is one contact: it takes the number, and LID messages keep finding it', async () => {
    const person = personNumbers();
    const lid = freshLid();
    await personSays(t, admin(), whatsappId, { from: person.modern, lid, hideNumber: true, body: 'hi from my LID', name: 'Lia' });
    const byLid = await eventually(async () => (await contactsOfPerson(tenant.companyId, [lid]))[0], 5_000, 'the LID contact');
    expect(byLid).to.include({ number: lid, lid, numberKey: lid });
    await personSays(t, admin(), whatsappId, { from: person.modern, lid, body: 'now with my number' });
    await personSays(t, admin(), whatsappId, { from: person.modern, lid, hideNumber: true, body: 'LID again' });
    const stored = await contactsOfPerson(tenant.companyId, [lid, person.modern, person.legacy]);
    expect(stored).to.have.length(1);
    expect(stored[0]).to.include({ number: person.modern, lid, numberKey: person.legacy, waNumber: person.modern });
    expect(String(stored[0]!._id)).to.equal(String(byLid._id));
    const [ticket] = await activeTickets(String(byLid._id));
    expect((await messagesOf(String(ticket!._id))).map((message) => message.body)).to.deep.equal(['hi from my LID', 'now with my number', 'LID again']);
  });

  it('a LID contact and a number contact are merged when a message shows they are one person: one open ticket stays, the other is closed with a note', async () => {
    const person = personNumbers();
    const lid = freshLid();
    const reached = await sendApi(person.modern, 'A message from the shop');
    const numberContactId = reached.body.contactId as string;
    await personSays(t, admin(), whatsappId, { from: person.modern, lid, hideNumber: true, body: 'who is this?', name: 'Lucas' });
    const lidContact = await eventually(async () => (await contactsOfPerson(tenant.companyId, [lid]))[0], 5_000, 'the LID contact');
    const [lidTicket] = await activeTickets(String(lidContact._id));

    await personSays(t, admin(), whatsappId, { from: person.modern, lid, body: 'it is me, Lucas' });
    const stored = await contactsOfPerson(tenant.companyId, [lid, person.modern, person.legacy]);
    expect(stored.map((contact) => String(contact._id))).to.deep.equal([numberContactId]);
    expect(stored[0]).to.include({ lid, name: 'Lucas' });
    await waitFor(live.events, (event) => event.action === 'delete' && event.contactId === String(lidContact._id));
    const tickets = await ticketsOfContact(numberContactId);
    expect(tickets.map((ticket) => [String(ticket._id), ticket.status]).sort()).to.deep.equal(
      [
        [reached.body.ticketId, 'pending'],
        [String(lidTicket!._id), 'closed'],
      ].sort(),
    );
    // Both pending: the older one stays; the message that showed both ids went there.
    expect((await messagesOf(reached.body.ticketId)).map((message) => message.body)).to.deep.equal(['A message from the shop', 'it is me, Lucas']);
    const notes = await t.call('GET', `/ticket-notes/list?ticketId=${String(lidTicket!._id)}`, { token: admin().token });
    expect(notes.body).to.have.length(1);
    expect(notes.body[0]).to.include({ userId: null, user: null });
    expect(notes.body[0].note).to.contain(reached.body.ticketId);
  });

  it("nothing of another company's contacts changed", async () => {
    expect(await storedContacts(other.companyId)).to.deep.equal(otherBefore);
  });
});
