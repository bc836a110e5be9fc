import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Types } from 'mongoose';
import { MessageModel } from '../../src/domains/messages/model.js';
import { ScheduleModel } from '../../src/domains/schedules/model.js';
import { createTicket } from '../../src/domains/tickets/writer.js';
import { postMultipart, SAMPLES } from '../support/backofficeFixtures.js';
import { createContact } from '../support/contactFixtures.js';
import { createPlan, createTenant, login, loginSuper, type Tenant } from '../support/fixtures.js';
import { customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { startChannelTestApp, type ChannelTestApp } from '../support/whatsappFixtures.js';

const ENV = { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SCHEDULE_RETRY_MS: '300', ATENDE_TIMEZONE: 'UTC' };
const soon = (ms = 300) => new Date(Date.now() + ms).toISOString();

type Answer = Record<string, any>;

describe('schedules: sending the scheduled messages', () => {
  let t: ChannelTestApp;
  let tenant: Tenant;
  let defaultId: string;

  before(async () => {
    t = await startChannelTestApp('scheduleSending', { env: ENV });
    const superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useSchedules: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    defaultId = (await sandboxConnection(t, tenant.admin, { isDefault: true })).id;
  });
  after(() => t?.stop());

  const token = () => tenant.admin.token;
  const schedule = async (body: Record<string, unknown>): Promise<Answer> => {
    const answer = await t.call('POST', '/schedules', { token: token(), body });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body;
  };
  const read = async (id: string): Promise<Answer> => (await t.call('GET', `/schedules/${id}`, { token: token() })).body;
  const settled = (id: string, status: string, ms = 15_000) => eventually(async () => ((await read(id)).status === status ? read(id) : null), ms, `schedule ${status}`);

  it("sends a due schedule once, on the contact's active ticket, variables rendered, the image as media with the body as caption", async () => {
    const number = customerNumber();
    await customerSays(t, tenant.admin, defaultId, number, 'hi there', { name: 'Maria Silva' });
    const ticket = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'ticket');
    const created = await schedule({ body: 'Olá {{firstName}}, {{name}}! Hoje é {{date}}.', contactId: ticket.contact.id, sendAt: soon(60 * 60 * 1000) });
    const attached = await postMultipart(t, token(), `/schedules/${created.id}/media-upload`, {}, { file: { name: 'menu do dia.png', bytes: SAMPLES.png(200) } });
    expect(attached.status, JSON.stringify(attached.body)).to.equal(200);
    // Brought forward: the edit plans the send again.
    const moved = await t.call('PUT', `/schedules/${created.id}`, { token: token(), body: { sendAt: soon() } });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);

    const sent = await settled(created.id, 'ENVIADA');
    expect(sent).to.include({ ticketId: ticket.id, messageId: created.id, lastError: null });
    expect(sent.sentAt).to.be.a('string');
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    const caption = `Olá Maria, Maria Silva! Hoje é ${today}.`;
    const delivered = await eventually(async () => (await outboxOf(t, tenant.admin, defaultId, number)).filter((m) => m.body === caption), 10_000, 'delivered');
    expect(delivered).to.have.length(1);
    expect((delivered[0] as unknown as { media: { kind: string } }).media.kind).to.equal('image');
    const history = await t.call('GET', `/messages/${ticket.id}`, { token: token() });
    const message = history.body.messages.find((m: Answer) => m.id === created.id);
    expect(message).to.include({ fromMe: true, mediaType: 'image', body: caption });
    // The message has its own copy of the file: the schedule's may go.
    expect(message.mediaUrl).not.to.equal(attached.body.mediaUrl);
    expect((await t.call('PUT', `/schedules/${created.id}`, { token: token(), body: { body: 'once more please' } })).body.error).to.equal('ERR_SCHEDULE_SENT');
  });

  it("opens a pending ticket on the company's default connection for a contact without tickets", async () => {
    const contact = await createContact(t, tenant.admin, { name: 'Novo Cliente' });
    const created = await schedule({ body: 'Bem-vindo, {{firstName}}', contactId: contact.id, sendAt: soon() });
    const sent = await settled(created.id, 'ENVIADA');
    const ticket = await ticketOf(t, tenant.admin, contact.number);
    expect(ticket).to.include({ id: sent.ticketId, status: 'pending', whatsappId: defaultId });
    await eventually(async () => (await outboxOf(t, tenant.admin, defaultId, contact.number)).find((m) => m.body === 'Bem-vindo, Novo'), 10_000, 'delivered');
  });

  it("uses the connection of the contact's latest ticket; while it is offline, retries, then ERRO with the reason", async () => {
    const other = (await sandboxConnection(t, tenant.admin)).id;
    const number = customerNumber();
    await customerSays(t, tenant.admin, other, number, 'hello from the other line');
    const ticket = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'ticket');
    expect((await t.call('POST', `/sandbox/${other}/connectivity`, { token: token(), body: { online: false } })).status).to.equal(200);

    const failing = await schedule({ body: 'will not go out', contactId: ticket.contact.id, sendAt: soon() });
    const failed = await settled(failing.id, 'ERRO', 15_000);
    expect(failed).to.include({ attempts: 3, lastError: 'ERR_WAPP_NOT_CONNECTED', sentAt: null });

    // Saved again it is retried; the line is back before the last attempt: sent there, once.
    const retried = await t.call('PUT', `/schedules/${failing.id}`, { token: token(), body: { sendAt: soon() } });
    expect(retried.body).to.include({ status: 'PENDENTE', attempts: 0, lastError: null });
    await eventually(async () => ((await read(failing.id)).attempts >= 1 ? true : null), 5_000, 'a failed attempt');
    expect((await t.call('POST', `/sandbox/${other}/connectivity`, { token: token(), body: { online: true } })).status).to.equal(200);
    const sent = await settled(failing.id, 'ENVIADA', 15_000);
    expect(sent.ticketId).to.equal(ticket.id);
    const delivered = await eventually(async () => (await outboxOf(t, tenant.admin, other, number)).filter((m) => m.body === 'will not go out'), 10_000, 'delivered');
    expect(delivered).to.have.length(1);
  });

  it('a deleted schedule is not sent', async () => {
    const contact = await createContact(t, tenant.admin);
    const created = await schedule({ body: 'cancelled message', contactId: contact.id, sendAt: soon(800) });
    expect((await t.call('DELETE', `/schedules/${created.id}`, { token: token() })).status).to.equal(204);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await outboxOf(t, tenant.admin, defaultId, contact.number)).to.deep.equal([]);
    expect(await ticketOf(t, tenant.admin, contact.number)).to.equal(undefined);
  });

  it('runs racing for the same schedule send it once (the claim is atomic)', async () => {
    const contact = await createContact(t, tenant.admin);
    const created = await schedule({ body: 'raced message', contactId: contact.id, sendAt: soon(60 * 60 * 1000) });
    await ScheduleModel.updateOne({ companyId: tenant.companyId, _id: created.id }, { $set: { sendAt: new Date(Date.now() - 1000) } });
    const job = { companyId: tenant.companyId, scheduleId: created.id };
    await Promise.all(Array.from({ length: 5 }, () => t.app.scheduleSender.run(job)));
    expect((await read(created.id)).status).to.equal('ENVIADA');
    await eventually(async () => (await outboxOf(t, tenant.admin, defaultId, contact.number)).length > 0, 10_000, 'delivered');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outboxOf(t, tenant.admin, defaultId, contact.number)).map((m) => m.body)).to.deep.equal(['raced message']);
    expect(await MessageModel.countDocuments({ companyId: tenant.companyId, body: 'raced message' })).to.equal(1);
  });
});

describe('schedules: a restart between "message stored" and "schedule marked" does not send twice', () => {
  let first: ChannelTestApp | undefined;
  let second: ChannelTestApp | undefined;
  after(async () => {
    await first?.stop({ drop: false });
    await second?.stop();
  });

  it('the next server finds the stored message by its id, marks the schedule ENVIADA, and the customer gets it once', async () => {
    first = await startChannelTestApp('scheduleRestart', { env: ENV });
    const superUser = await loginSuper(first);
    const plan = await createPlan(first, superUser, { useSchedules: true });
    const tenant = await createTenant(first, superUser, { planId: plan.id });
    const whatsappId = (await sandboxConnection(first, tenant.admin, { isDefault: true })).id;
    const contact = await createContact(first, tenant.admin, { name: 'Ana Restart' });
    const created = (await first.call('POST', '/schedules', { token: tenant.admin.token, body: { body: 'exactly once', contactId: contact.id, sendAt: soon(60 * 60 * 1000) } })).body;

    // What a run that stopped right after storing leaves: the message stored (with the schedule's
    // id), the schedule still claimed, its lease over.
    const companyId = tenant.companyId;
    const ticket = await createTicket({ companyId, uuid: randomUUID(), contactId: contact.id, whatsappId, status: 'pending', contact: { name: 'Ana Restart', number: contact.number } });
    await first.app.inbox.messages.storeOutbound({ companyId, ticket, body: 'exactly once', messageId: new Types.ObjectId(created.id as string) });
    await ScheduleModel.updateOne({ companyId, _id: created.id }, { $set: { status: 'AGENDADA', sendAt: new Date(Date.now() - 1000), claimedUntil: new Date(Date.now() - 500) } });
    await first.stop({ drop: false });

    second = await startChannelTestApp('scheduleRestart', { databaseName: first.databaseName, env: ENV });
    const admin = await login(second, tenant.adminEmail, tenant.password);
    const sent = await eventually(async () => {
      const answer = await second!.call('GET', `/schedules/${created.id}`, { token: admin.token });
      return answer.body.status === 'ENVIADA' ? answer.body : null;
    }, 10_000, 'schedule marked');
    expect(sent).to.include({ messageId: created.id, ticketId: String(ticket._id) });
    await eventually(async () => (await outboxOf(second!, admin, whatsappId, contact.number)).length > 0, 10_000, 'delivered');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await outboxOf(second, admin, whatsappId, contact.number)).map((m) => m.body)).to.deep.equal(['exactly once']);
    expect(await MessageModel.countDocuments({ companyId, body: 'exactly once' })).to.equal(1);
  });
});
