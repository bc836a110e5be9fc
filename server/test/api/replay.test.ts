import { expect } from 'chai';
import type { ConnectionAlert, ConnectionHealth } from '@atende/shared';
import { MessageModel, type MessageDoc } from '../../src/domains/messages/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { startHook, startMailbox, type Hook, type Mailbox } from '../support/mailbox.js';
import { listen, settle, waitFor, type Listener } from '../support/realtimeFixtures.js';

const GREETING = 'Hello from the shop';

describe('never lose a message: outage replay, duplicates, echoes, undecryptable messages, health and alerts (sandbox)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let mailbox: Mailbox;
  let hook: Hook;
  const listeners: Listener[] = [];

  before(async () => {
    mailbox = await startMailbox();
    hook = await startHook();
    t = await startTestApp('replay', {
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_CONNECTION_ALERT_MS: '600',
      ATENDE_SMTP_URL: mailbox.url,
      ATENDE_MAIL_FROM: 'Atende <alerts@atende.test>',
      ATENDE_CONNECTION_ALERT_WEBHOOK: hook.url,
      ATENDE_LANGUAGE: 'en',
    });
  });
  // A company per test: a plan allows two connections.
  beforeEach(async () => {
    tenant = await createTenant(t, await loginSuper(t));
  });
  after(async () => {
    for (const listener of listeners.splice(0)) listener.client.disconnect();
    await t?.stop();
    await mailbox?.close();
    await hook?.close();
  });

  const admin = (): Session => tenant.admin;

  async function offline(whatsappId: string): Promise<void> {
    const answer = await t.call('POST', `/sandbox/${whatsappId}/connectivity`, { token: admin().token, body: { online: false } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  }

  async function online(whatsappId: string, replay?: { repeat?: number; shuffle?: boolean }): Promise<Record<string, any>> {
    const answer = await t.call('POST', `/sandbox/${whatsappId}/connectivity`, { token: admin().token, body: { online: true, ...(replay ? { replay } : {}) } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body;
  }

  /** A customer writes while the phone is offline: accepted and held (202). */
  async function heldMessage(whatsappId: string, from: string, body: string, extra: Record<string, unknown> = {}): Promise<string> {
    const answer = await t.call('POST', `/sandbox/${whatsappId}/messages`, { token: admin().token, body: { from, name: `Customer ${from.slice(-4)}`, body, ...extra } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(202);
    expect(answer.body.queued).to.equal(true);
    return answer.body.providerMessageId as string;
  }

  async function liveMessage(whatsappId: string, from: string, body: string, extra: Record<string, unknown> = {}): Promise<string> {
    const answer = await t.call('POST', `/sandbox/${whatsappId}/messages`, { token: admin().token, body: { from, name: `Customer ${from.slice(-4)}`, body, ...extra } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body.providerMessageId as string;
  }

  async function health(whatsappId: string): Promise<ConnectionHealth> {
    const answer = await t.call('GET', `/whatsapp/${whatsappId}/health`, { token: admin().token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body as ConnectionHealth;
  }

  /** The stored messages of a customer's ticket on the connection, in conversation order. */
  async function conversation(whatsappId: string, number: string): Promise<MessageDoc[]> {
    const ticket = await ticketOf(t, admin(), number);
    if (!ticket) return [];
    return MessageModel.find({ companyId: tenant.companyId, whatsappId, ticketId: ticket.id }).sort({ createdAt: 1 }).lean<MessageDoc[]>();
  }

  it('an outage with 50 messages from 10 customers, replayed repeated and shuffled: all 50 stored once, in each chat order, notified, greetings not repeated', async function () {
    this.timeout(60_000);
    const line = await sandboxConnection(t, admin(), { greetingMessage: GREETING });
    const notifications = await listen(t, tenant.adminEmail, tenant.password, 'appMessage');
    listeners.push(notifications);
    const customers = Array.from({ length: 10 }, () => customerNumber());
    // The first customer was already talking (and greeted) before the outage.
    await liveMessage(line.id, customers[0]!, 'before the outage');
    await eventually(async () => (await outboxOf(t, admin(), line.id, customers[0]!)).length === 1, 5_000, 'first greeting');

    await offline(line.id);
    const sent = new Map<string, string[]>();
    for (let round = 1; round <= 5; round += 1) {
      for (const customer of customers) {
        await heldMessage(line.id, customer, `message ${round}`);
        sent.set(customer, [...(sent.get(customer) ?? []), `message ${round}`]);
      }
    }
    expect((await health(line.id)).status).to.equal('TIMEOUT');
    const back = await online(line.id, { repeat: 15, shuffle: true });
    expect(back.queued).to.equal(0);

    for (const customer of customers) {
      const bodies = (await conversation(line.id, customer)).filter((m) => !m.fromMe).map((m) => m.body);
      const expected = customer === customers[0] ? ['before the outage', ...sent.get(customer)!] : sent.get(customer)!;
      expect(bodies, `conversation of ${customer}`).to.deep.equal(expected);
      // One greeting per conversation: the replay neither repeats it nor answers as if new.
      const greetings = (await outboxOf(t, admin(), line.id, customer)).filter((m) => m.body === GREETING);
      expect(greetings, `greetings to ${customer}`).to.have.length(1);
      const ticket = await ticketOf(t, admin(), customer);
      expect(ticket?.unreadMessages, `unread of ${customer}`).to.equal(customer === customers[0] ? 6 : 5);
    }
    const created = await eventually(async () => {
      const creates = notifications.events.filter((e) => e.action === 'create' && !(e as unknown as { message: { fromMe: boolean } }).message.fromMe);
      return creates.length >= 51 ? creates : null;
    }, 5_000, 'notifications');
    expect(created).to.have.length(51);

    const state = await health(line.id);
    expect(state).to.deep.include({ status: 'CONNECTED', recovered: 50, reconnects24h: 1, downSince: null });
    expect(state.lastInboundAt).to.be.a('string');
    expect(state.timeline.slice(0, 2).map((e) => [e.status, e.reason])).to.deep.equal([
      ['CONNECTED', 'reconnected'],
      ['TIMEOUT', 'phoneOffline'],
    ]);
  });

  it('a replay overlapping live traffic lands once; our own echoes are never doubled', async function () {
    this.timeout(30_000);
    const line = await sandboxConnection(t, admin());
    const customer = customerNumber();
    await liveMessage(line.id, customer, 'hi');
    const ticket = await eventually(() => ticketOf(t, admin(), customer), 5_000, 'ticket');
    await t.call('PUT', `/tickets/${ticket.id}`, { token: admin().token, body: { status: 'open', userId: admin().user.id } });
    const reply = await t.call('POST', `/messages/${ticket.id}`, { token: admin().token, body: { body: 'how can I help?' } });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    const [ours] = await eventually(async () => {
      const outbox = await outboxOf(t, admin(), line.id, customer);
      return outbox.length === 1 ? outbox : null;
    }, 5_000, 'reply sent');

    await offline(line.id);
    const first = await heldMessage(line.id, customer, 'my order is late', { providerMessageId: 'WA-OVERLAP-1' });
    await heldMessage(line.id, customer, 'order 42');
    // Our reply comes back in the replay (as the phone echoes what this device sent).
    await heldMessage(line.id, customer, 'how can I help?', { fromMe: true, providerMessageId: ours!.providerMessageId });
    const replay = online(line.id, { repeat: 3, shuffle: true });
    // Meanwhile the same message arrives live too, and a new one.
    await t.call('POST', `/sandbox/${line.id}/messages`, { token: admin().token, body: { from: customer, body: 'my order is late', providerMessageId: first } });
    await t.call('POST', `/sandbox/${line.id}/messages`, { token: admin().token, body: { from: customer, body: 'hello??' } });
    await replay;
    // The live 'hello??' is stored on its own time: wait for every message, then for what a double would add.
    await eventually(async () => (await conversation(line.id, customer)).some((m) => m.body === 'hello??'), 10_000, 'every message stored');
    await settle(200);
    const messages = await conversation(line.id, customer);
    expect(messages.map((m) => m.body).sort()).to.deep.equal(['hello??', 'hi', 'how can I help?', 'my order is late', 'order 42']);
    expect(messages.filter((m) => m.fromMe)).to.have.length(1);
  });

  it('a replayed message does not answer the chatbot: the menu is not repeated and no option is picked', async function () {
    this.timeout(30_000);
    const queues = [await createQueue(t, admin()), await createQueue(t, admin())];
    const line = await sandboxConnection(t, admin(), { greetingMessage: 'Pick a department', queueIds: queues.map((q) => q.id) });
    const customer = customerNumber();
    await liveMessage(line.id, customer, 'hello');
    await eventually(async () => (await outboxOf(t, admin(), line.id, customer)).length === 1, 5_000, 'menu');
    await offline(line.id);
    await heldMessage(line.id, customer, 'is anyone there?');
    await heldMessage(line.id, customer, '1');
    await online(line.id);
    await settle(300);
    expect((await outboxOf(t, admin(), line.id, customer)).map((m) => m.body.split('\n')[0])).to.deep.equal(['Pick a department']);
    const ticket = await ticketOf(t, admin(), customer);
    expect(ticket).to.deep.include({ chatbot: true, queueId: null, unreadMessages: 3 });
    // Live again, the customer's answer is taken.
    await liveMessage(line.id, customer, '2');
    await eventually(async () => (await ticketOf(t, admin(), customer))?.queueId === queues[1]!.id, 5_000, 'routed');
  });

  it('an undecryptable message is shown as a placeholder and replaced when the retry succeeds', async () => {
    const line = await sandboxConnection(t, admin());
    const customer = customerNumber();
    const id = await liveMessage(line.id, customer, 'ignored: the content is not readable', { undecryptable: true });
    const [placeholder] = await eventually(async () => {
      const messages = await conversation(line.id, customer);
      return messages.length === 1 ? messages : null;
    }, 5_000, 'placeholder');
    expect(placeholder).to.deep.include({ body: 'This message could not be read; ask the customer to send it again.', undecryptable: true });
    const ticket = await ticketOf(t, admin(), customer);
    const page = await t.call('GET', `/messages/${ticket!.id}`, { token: admin().token });
    expect(page.body.messages.map((m: { body: string }) => m.body)).to.deep.equal(['This message could not be read; ask the customer to send it again.']);

    const updates = await listen(t, tenant.adminEmail, tenant.password, 'appMessage');
    listeners.push(updates);
    await liveMessage(line.id, customer, 'the real text', { providerMessageId: id });
    await waitFor(updates.events, (e) => e.action === 'update' && (e as unknown as { message: { body: string } }).message.body === 'the real text');
    const messages = await conversation(line.id, customer);
    expect(messages.map((m) => [m.body, m.undecryptable])).to.deep.equal([['the real text', false]]);
    expect((await health(line.id)).decryptFailures).to.equal(1);
  });

  it('a connection down longer than the setting alerts the admins in-app, by e-mail and webhook; its return is alerted with what was recovered', async function () {
    this.timeout(30_000);
    const line = await sandboxConnection(t, admin());
    const agent = await createMember(t, tenant, 'user');
    const admins = await listen(t, tenant.adminEmail, tenant.password, 'connectionAlert');
    const agents = await listen(t, agent.email, 'member-pass', 'connectionAlert');
    listeners.push(admins, agents);
    await offline(line.id);
    const customer = customerNumber();
    await heldMessage(line.id, customer, 'anyone?');
    await heldMessage(line.id, customer, 'hello?');
    const down = (await waitFor(admins.events, (e) => e.action === 'down' && (e as unknown as ConnectionAlert).whatsappId === line.id, 5_000)) as unknown as ConnectionAlert;
    expect(down).to.deep.include({ companyId: tenant.companyId, name: line.name, status: 'TIMEOUT', reason: 'phoneOffline' });
    expect(down.downMs).to.be.at.least(600);
    expect((await health(line.id)).downAlerted).to.equal(true);

    await online(line.id);
    const up = (await waitFor(admins.events, (e) => e.action === 'up' && (e as unknown as ConnectionAlert).whatsappId === line.id, 5_000)) as unknown as ConnectionAlert;
    expect(up).to.deep.include({ status: 'CONNECTED', recovered: 2 });
    expect(up.downMs).to.be.at.least(600);

    const hooked = await eventually(async () => {
      const mine = hook.calls.filter((call) => (call as ConnectionAlert).whatsappId === line.id) as ConnectionAlert[];
      return mine.length === 2 ? mine : null;
    }, 5_000, 'webhook calls');
    expect(hooked.map((call) => [call.action, call.recovered])).to.deep.equal([
      ['down', 0],
      ['up', 2],
    ]);
    const mails = await eventually(async () => {
      const mine = mailbox.mails.filter((mail) => mail.data.includes(line.name));
      return mine.length === 2 ? mine : null;
    }, 5_000, 'e-mails');
    expect(mails[0]!.to).to.deep.equal([tenant.adminEmail]);
    expect(mails[0]!.data).to.include(`Subject: Connection ${line.name} is down`);
    // Quoted-printable: soft line breaks joined.
    expect(mails[1]!.data.replace(/=\n/g, '')).to.include('2 messages recovered');
    // Agents are not told (the alert is the admins').
    await settle(200);
    expect(agents.events.filter((e) => (e as unknown as ConnectionAlert).whatsappId === line.id)).to.have.length(0);
    // Once per outage: nothing more while it stays up.
    await settle(800);
    expect(admins.events.filter((e) => (e as unknown as ConnectionAlert).whatsappId === line.id)).to.have.length(2);
  });

  it('health: every member reads it, no other company can, and a logout by an admin is not an outage', async () => {
    const line = await sandboxConnection(t, admin());
    const agent = await createMember(t, tenant, 'user');
    const list = await t.call('GET', '/whatsapp/health', { token: agent.token });
    expect(list.status).to.equal(200);
    expect((list.body as ConnectionHealth[]).map((h) => h.whatsappId)).to.include(line.id);
    const other = await createTenant(t, await loginSuper(t));
    const foreign = await t.call('GET', `/whatsapp/${line.id}/health`, { token: other.admin.token });
    expect(foreign.status).to.equal(404);
    expect((await t.call('GET', '/whatsapp/not-an-id/health', { token: admin().token })).status).to.equal(400);
    await t.call('DELETE', `/whatsappsession/${line.id}`, { token: admin().token });
    const state = await health(line.id);
    expect(state).to.deep.include({ status: 'DISCONNECTED', reason: 'logout', downSince: null, connectedSince: null });
  });
});
