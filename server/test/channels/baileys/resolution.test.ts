/**
 * Real WhatsApp (Baileys, the socket double standing for WhatsApp): before the first send to a
 * number someone typed, the connection asks onWhatsApp for the account that exists (a Brazilian
 * mobile number with or without its ninth digit), sends there, and the contact keeps it: the next
 * sends do not ask again, and the customer's answer from that account lands in the same contact
 * and ticket (issue 23).
 */
import { expect } from 'chai';
import type { WAMessage } from '@whiskeysockets/baileys';
import { loadBaileys, type Baileys } from '../../../src/channels/baileys/library.js';
import { ContactModel } from '../../../src/domains/contacts/model.js';
import { MessageModel } from '../../../src/domains/messages/model.js';
import { createPlan, createTenant, loginSuper, type Tenant } from '../../support/fixtures.js';
import { personNumbers } from '../../support/identityFixtures.js';
import { eventually } from '../../support/inboxFixtures.js';
import { createConnection, startChannelTestApp, waitForStatus, type ChannelTestApp } from '../../support/whatsappFixtures.js';
import { socketBench, type SocketBench, type SocketDouble } from './socketDouble.js';

const OURS = '5511999990000';

describe('Baileys: the WhatsApp account of a typed number is asked before the first send (socket double)', () => {
  let proto: Baileys['proto'];
  let t: ChannelTestApp;
  let bench: SocketBench;
  let tenant: Tenant;
  let whatsappId: string;
  let socket: SocketDouble;

  const admin = () => tenant.admin;

  function received(jid: string, id: string, text: string): WAMessage {
    return Object.assign(proto.WebMessageInfo.fromObject({ messageTimestamp: Math.floor(Date.now() / 1000), pushName: 'Customer', message: { conversation: text } }), {
      key: { remoteJid: jid, fromMe: false, id },
    }) as WAMessage;
  }

  /** A contact typed by hand with an open ticket on the connection. */
  async function typedContact(number: string): Promise<{ contactId: string; ticketId: string }> {
    const contact = await t.call('POST', '/contacts', { token: admin().token, body: { name: 'Typed customer', number } });
    expect(contact.status, JSON.stringify(contact.body)).to.equal(201);
    const ticket = await t.call('POST', '/tickets', { token: admin().token, body: { contactId: contact.body.id, whatsappId, status: 'open', userId: admin().user.id } });
    expect(ticket.status, JSON.stringify(ticket.body)).to.equal(201);
    return { contactId: contact.body.id, ticketId: ticket.body.id };
  }

  async function reply(ticketId: string, body: string): Promise<string> {
    const answer = await t.call('POST', `/messages/${ticketId}`, { token: admin().token, body: { body } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body[0].id as string;
  }

  const sentTo = (text: string) => eventually(async () => socket.sent.find((sent) => 'text' in sent.content && sent.content.text === text), 5_000, `"${text}" sent`);
  const waNumberOf = async (contactId: string) => (await ContactModel.findOne({ companyId: tenant.companyId, _id: contactId }).lean())?.waNumber;

  before(async () => {
    ({ proto } = await loadBaileys());
    bench = socketBench();
    t = await startChannelTestApp('baileys_resolution', { channels: { baileys: { socket: bench.factory, settings: { watchdogMs: 600_000 } } } });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useExternalApi: true })).id });
    whatsappId = (await createConnection(t, tenant.admin, { provider: 'beta' })).id;
    socket = await bench.waitFor(1);
    socket.emit('creds.update', { me: { id: `${OURS}:7@s.whatsapp.net`, name: 'Shop' } });
    socket.open(OURS);
    await waitForStatus(t, tenant.admin, whatsappId, 'CONNECTED');
  });
  after(() => t?.stop());

  it('typed with the ninth digit, an account without it: sent to that account, asked once, the answer lands in the same contact and ticket', async () => {
    const person = personNumbers();
    socket.accounts.add(person.legacy);
    const { contactId, ticketId } = await typedContact(person.modern);
    await reply(ticketId, 'Hello from the shop');
    expect((await sentTo('Hello from the shop')).jid).to.equal(`${person.legacy}@s.whatsapp.net`);
    expect(socket.asked.filter((numbers) => numbers.includes(person.modern))).to.deep.equal([[person.modern]]);
    expect(await waNumberOf(contactId)).to.equal(person.legacy);

    await reply(ticketId, 'Anything else?');
    expect((await sentTo('Anything else?')).jid).to.equal(`${person.legacy}@s.whatsapp.net`);
    expect(socket.asked.filter((numbers) => numbers.includes(person.modern)), 'asked once').to.have.length(1);

    socket.upsert([received(`${person.legacy}@s.whatsapp.net`, `RES-${person.legacy}`, 'Thank you')]);
    await eventually(async () => (await t.call('GET', `/messages/${ticketId}`, { token: admin().token })).body.messages.some((m: { body: string }) => m.body === 'Thank you'), 5_000, 'answer in the ticket');
    expect(await ContactModel.countDocuments({ companyId: tenant.companyId, numberKey: person.legacy })).to.equal(1);
  });

  it('typed without the ninth digit, an account with it: sent to the account with it', async () => {
    const person = personNumbers();
    socket.accounts.add(person.modern);
    const { contactId, ticketId } = await typedContact(person.legacy);
    await reply(ticketId, 'Your order is ready');
    expect((await sentTo('Your order is ready')).jid).to.equal(`${person.modern}@s.whatsapp.net`);
    expect(await waNumberOf(contactId)).to.equal(person.modern);
  });

  it('the send API (as campaigns and schedules, through the same sender) resolves a new number the same way', async () => {
    const person = personNumbers();
    socket.accounts.add(person.legacy);
    const token = (await t.call('GET', `/whatsapp/${whatsappId}`, { token: admin().token })).body.token as string;
    const answer = await t.call('POST', '/messages/send', { token, body: { number: person.modern, body: 'Invoice attached' } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect((await sentTo('Invoice attached')).jid).to.equal(`${person.legacy}@s.whatsapp.net`);
  });

  it('a number WhatsApp does not know is not sent: the message fails at once with ERR_WAPP_INVALID_CONTACT', async () => {
    const person = personNumbers();
    const { ticketId } = await typedContact(person.modern);
    const before = socket.sent.length;
    const messageId = await reply(ticketId, 'Is this you?');
    const failed = await eventually(async () => {
      const stored = await MessageModel.findOne({ companyId: tenant.companyId, _id: messageId }).lean();
      return stored?.sendError ? stored : null;
    }, 5_000, 'send given up');
    expect(failed).to.include({ ack: 0, sendAttempts: 1, outboxKey: null });
    expect(socket.sent.length).to.equal(before);
  });

  it('a contact first seen on WhatsApp is never asked: its account is the number it wrote from', async () => {
    const person = personNumbers();
    const asked = socket.asked.length;
    socket.upsert([received(`${person.legacy}@s.whatsapp.net`, `SEEN-${person.legacy}`, 'Hi there')]);
    const contact = await eventually(() => ContactModel.findOne({ companyId: tenant.companyId, numberKey: person.legacy }).lean(), 5_000, 'contact');
    expect(contact.waNumber).to.equal(person.legacy);
    const ticket = await eventually(async () => (await t.call('GET', `/tickets?status=pending&showAll=true&searchParam=${person.legacy}`, { token: admin().token })).body.tickets?.[0], 5_000, 'ticket');
    expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: admin().token, body: { status: 'open', userId: admin().user.id } })).status).to.equal(200);
    await reply(ticket.id, 'Welcome!');
    expect((await sentTo('Welcome!')).jid).to.equal(`${person.legacy}@s.whatsapp.net`);
    expect(socket.asked.length).to.equal(asked);
  });
});
