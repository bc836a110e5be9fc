import { expect } from 'chai';
import { listen } from '../support/realtimeFixtures.js';
import { createApiClient, memorySession, type RealtimeClient, type RealtimeEvent } from '@atende/shared/client';
import { createTicket } from '../../src/domains/tickets/writer.js';
import { TicketModel } from '../../src/domains/tickets/model.js';
import { PromptModel } from '../../src/domains/prompts/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, unique, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue as createAnyQueue } from '../support/inboxFixtures.js';
import { createConnection, waitFor, waitForStatus } from '../support/whatsappFixtures.js';

let colors = 0;
/** A queue with a colour of its own (colours are unique per company). */
function createQueue(t: TestApp, admin: Session) {
  colors += 1;
  return createAnyQueue(t, admin, { color: `#${(0x100000 + colors * 7919).toString(16).slice(-6)}` });
}

describe('whatsapp (connections and their sessions)', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };
  const opened: RealtimeClient[] = [];

  before(async () => {
    t = await startTestApp('whatsapp');
    superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { users: 10 });
    expect((await t.call('PUT', `/plans/${plan.id}`, { token: superUser.token, body: { connections: 30, queues: 10 } })).status).to.equal(200);
    tenant = await createTenant(t, superUser, { planId: plan.id });
    other = await createTenant(t, superUser, { planId: plan.id });
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
  });
  after(async () => {
    for (const client of opened) await client.disconnect();
    await t?.stop();
  });

  async function watch(email: string, password: string, channel: string): Promise<RealtimeEvent[]> {
    const { events, client } = await listen(t, email, password, channel);
    opened.push(client);
    return events;
  }

  const connections = async (session: Session) => (await t.call('GET', '/whatsapp', { token: session.token })).body as Record<string, any>[];

  describe('POST /whatsapp', () => {
    it('creates a connection with the defaults of the spec; the first of a company is the default', async () => {
      const fresh = await createTenant(t, superUser);
      const answer = await t.call('POST', '/whatsapp', { token: fresh.admin.token, body: { name: 'Main line' } });
      expect(answer.status).to.equal(201);
      expect(answer.body).to.include({
        name: 'Main line',
        companyId: fresh.companyId,
        provider: 'beta',
        isDefault: true,
        status: 'DISCONNECTED',
        qrcode: '',
        qrExpiresAt: null,
        retries: 0,
        maxUseBotQueues: 3,
        timeUseBotQueues: 0,
        expiresTicket: 0,
        greetingMessage: '',
        transferQueueId: null,
        promptId: null,
        integrationId: null,
      });
      expect(answer.body.token).to.match(/^[A-Za-z0-9_-]{32,}$/);
      expect(answer.body.schedules.map((row: { weekdayEn: string }) => row.weekdayEn)).to.deep.equal(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
      expect(answer.body).not.to.have.property('session');
      expect(answer.body).not.to.have.property('autoStart');
      // A real WhatsApp connection starts its session at once (the test socket never opens: OPENING).
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await t.call('GET', `/whatsapp/${answer.body.id}`, { token: fresh.admin.token })).body.status).to.equal('OPENING');

      const second = await createConnection(t, fresh.admin, { name: 'Second line', isDefault: false });
      expect(second.isDefault).to.equal(false);
      expect(second.token).not.to.equal(answer.body.token);
    });

    it('stores every field: messages, timers, queues with their names, schedules', async () => {
      const sales = await createQueue(t, tenant.admin);
      const support = await createQueue(t, tenant.admin);
      // A prompt of the company (one of another company, or none, is refused: prompts.test.ts).
      const prompt = await PromptModel.create({ companyId: tenant.companyId, name: 'Line assistant', prompt: 'x'.repeat(50), model: 'gpt-4o-mini', maxTokens: 100, temperature: 1, maxMessages: 10, apiKey: 'v1:sealed', queueId: sales.id });
      const body = {
        name: unique('Full '),
        provider: 'sandbox',
        greetingMessage: 'Hello! Pick a queue',
        complationMessage: 'Bye',
        outOfHoursMessage: 'Closed now',
        ratingMessage: 'Rate us 1 to 3',
        expiresInactiveMessage: 'Closing for inactivity',
        expiresTicket: 60,
        timeUseBotQueues: 5,
        maxUseBotQueues: 2,
        timeToTransfer: 10,
        transferQueueId: support.id,
        queueIds: [sales.id, support.id],
        promptId: String(prompt._id),
        integrationId: '',
        schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' }],
      };
      const created = await createConnection(t, tenant.admin, body);
      expect(created).to.include({ greetingMessage: body.greetingMessage, expiresTicket: 60, timeUseBotQueues: 5, maxUseBotQueues: 2, timeToTransfer: 10, transferQueueId: support.id, promptId: body.promptId, integrationId: null });
      expect(created.queueIds).to.deep.equal([sales.id, support.id]);
      expect(created.queues.map((q: { name: string }) => q.name)).to.deep.equal([sales.name, support.name]);
      expect(created.queues[0]).to.have.keys('id', 'name', 'color');
      expect(created.schedules[0]).to.deep.equal({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' });
      expect(created.schedules[1].weekdayEn).to.equal('tuesday');
      const read = await t.call('GET', `/whatsapp/${created.id}`, { token: tenant.admin.token });
      expect(read.body.queues).to.deep.equal(created.queues);
    });

    it('validates each field (name 2..50 required, provider, numbers, ids, token, hours, unknown fields)', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, 'name', 'any.required'],
        [{ name: 'A' }, 'name', 'string.min'],
        [{ name: 'A'.repeat(51) }, 'name', 'string.max'],
        [{ name: 'Okay', provider: 'stable' }, 'provider', 'any.only'],
        [{ name: 'Okay', maxUseBotQueues: -1 }, 'maxUseBotQueues', 'number.min'],
        [{ name: 'Okay', expiresTicket: 1.5 }, 'expiresTicket', 'number.integer'],
        [{ name: 'Okay', timeUseBotQueues: 'soon' }, 'timeUseBotQueues', 'number.base'],
        [{ name: 'Okay', queueIds: ['nope'] }, 'queueIds.0', 'string.hex'],
        [{ name: 'Okay', transferQueueId: 'nope' }, 'transferQueueId', 'string.hex'],
        [{ name: 'Okay', token: 'short' }, 'token', 'string.min'],
        [{ name: 'Okay', token: `${'x'.repeat(40)} space` }, 'token', 'string.pattern.base'],
        [{ name: 'Okay', isDefault: 'maybe' }, 'isDefault', 'boolean.base'],
        [{ name: 'Okay', greetingMessage: 'x'.repeat(5001) }, 'greetingMessage', 'string.max'],
        [{ name: 'Okay', schedules: [{ weekdayEn: 'monday', startTime: '25:00', endTime: '18:00' }] }, 'schedules.0.startTime', 'string.pattern.base'],
        [{ name: 'Okay', schedules: [{ weekdayEn: 'someday', startTime: '08:00', endTime: '18:00' }] }, 'schedules.0.weekdayEn', 'any.only'],
        [{ name: 'Okay', session: 'x', color: 'red' }, 'color', 'object.unknown'],
      ];
      for (const [body, field, rule] of cases) {
        const answer = await t.call('POST', '/whatsapp', { token: tenant.admin.token, body });
        expectInvalid(answer, field);
        expect(answer.body.rule, `${field}`).to.equal(rule);
      }
    });

    it('refuses a name already used in the company, whatever the case (409), but not in another company', async () => {
      const name = unique('Dup ');
      await createConnection(t, tenant.admin, { name });
      const again = await t.call('POST', '/whatsapp', { token: tenant.admin.token, body: { name: name.toUpperCase() } });
      expectError(again, 409, 'ERR_DUPLICATED');
      expect(again.body.field).to.equal('name');
      await createConnection(t, other.admin, { name });
    });

    it("refuses queues of another company (ERR_NO_QUEUE_FOUND) and several queues without a greeting", async () => {
      const theirs = await createQueue(t, other.admin);
      expectError(await t.call('POST', '/whatsapp', { token: tenant.admin.token, body: { name: unique('Q '), queueIds: [theirs.id] } }), 404, 'ERR_NO_QUEUE_FOUND');
      expectError(await t.call('POST', '/whatsapp', { token: tenant.admin.token, body: { name: unique('Q '), transferQueueId: theirs.id } }), 404, 'ERR_NO_QUEUE_FOUND');
      expectError(await t.call('POST', '/whatsapp', { token: tenant.admin.token, body: { name: unique('Q '), queueIds: [MISSING_ID] } }), 404, 'ERR_NO_QUEUE_FOUND');
      const a = await createQueue(t, tenant.admin);
      const b = await createQueue(t, tenant.admin);
      expectError(await t.call('POST', '/whatsapp', { token: tenant.admin.token, body: { name: unique('Q '), queueIds: [a.id, b.id] } }), 400, 'ERR_WAPP_GREETING_REQUIRED');
      await createConnection(t, tenant.admin, { queueIds: [a.id] });
    });

    it('stops at the connections of the plan (ERR_CONNECTION_LIMIT_REACHED)', async () => {
      const small = await createTenant(t, superUser);
      await createConnection(t, small.admin);
      await createConnection(t, small.admin);
      const answer = await t.call('POST', '/whatsapp', { token: small.admin.token, body: { name: 'Third' } });
      expectError(answer, 403, 'ERR_CONNECTION_LIMIT_REACHED');
      expect(answer.body.limit).to.equal(2);
    });

    it('is for admins: a user or a supervisor gets 403', async () => {
      expectError(await t.call('POST', '/whatsapp', { token: agent.token, body: { name: 'Mine' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('POST', '/whatsapp', { token: supervisor.token, body: { name: 'Mine' } }), 403, 'ERR_NO_PERMISSION');
    });

    it('refuses a token already used by any connection', async () => {
      const token = `tok_${'a'.repeat(28)}${Date.now()}`;
      const mine = await createConnection(t, tenant.admin, { token });
      expect(mine.token).to.equal(token);
      const answer = await t.call('POST', '/whatsapp', { token: other.admin.token, body: { name: unique('T '), token } });
      expectError(answer, 409, 'ERR_DUPLICATED');
      expect(answer.body.field).to.equal('token');
    });
  });

  describe('GET /whatsapp and /whatsapp/{id}', () => {
    it('lists the company connections to every member; the API token only to admins', async () => {
      await createConnection(t, tenant.admin);
      const asAdmin = await connections(tenant.admin);
      expect(asAdmin.length).to.be.greaterThan(0);
      expect(asAdmin.every((c) => c.companyId === tenant.companyId && typeof c.token === 'string')).to.equal(true);
      const asAgent = await t.call('GET', '/whatsapp?session=0', { token: agent.token });
      expect(asAgent.status).to.equal(200);
      expect(asAgent.body.map((c: { id: string }) => c.id)).to.deep.equal(asAdmin.map((c) => c.id));
      expect(asAgent.body.some((c: object) => 'token' in c)).to.equal(false);
      const one = await t.call('GET', `/whatsapp/${asAdmin[0]!.id}`, { token: agent.token });
      expect(one.status).to.equal(200);
      expect(one.body).not.to.have.property('token');
      expect((await t.call('GET', `/whatsapp/${asAdmin[0]!.id}`, { token: tenant.admin.token })).body.token).to.equal(asAdmin[0]!.token);
    });

    it('never shows another company (even asked with companyId); a super user may list one', async () => {
      const theirs = await connections(other.admin);
      const mine = await t.call('GET', `/whatsapp?companyId=${other.companyId}`, { token: tenant.admin.token });
      expect(mine.body.every((c: { companyId: string }) => c.companyId === tenant.companyId)).to.equal(true);
      expectError(await t.call('GET', `/whatsapp/${theirs[0]!.id}`, { token: tenant.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      const asSuper = await t.call('GET', `/whatsapp?companyId=${other.companyId}`, { token: superUser.token });
      expect(asSuper.body.map((c: { id: string }) => c.id)).to.deep.equal(theirs.map((c) => c.id));
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expectError(await t.call('GET', `/whatsapp/${MISSING_ID}`, { token: tenant.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      expectInvalid(await t.call('GET', '/whatsapp/abc', { token: tenant.admin.token }), 'id');
      expectInvalid(await t.call('GET', '/whatsapp?session=2', { token: tenant.admin.token }), 'session');
    });
  });

  describe('PUT /whatsapp/{id}', () => {
    it('updates fields, ignores the read-only ones the modal sends back, and merges schedules', async () => {
      const created = await createConnection(t, tenant.admin);
      const answer = await t.call('PUT', `/whatsapp/${created.id}`, {
        token: tenant.admin.token,
        body: { ...created, name: unique('Renamed '), status: 'CONNECTED', qrcode: 'forged', number: '123', queues: [], maxUseBotQueues: 7, schedules: [{ weekdayEn: 'friday', startTime: '10:00', endTime: '12:00' }] },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.maxUseBotQueues).to.equal(7);
      // The server's own status, not the forged one: the new connection's session is starting, or
      // on a slow machine has already given up (WhatsApp is out of reach here).
      expect(answer.body.status).to.be.oneOf(['OPENING', 'DISCONNECTED']);
      expect(answer.body.number).to.equal('');
      expect(answer.body.token).to.equal(created.token);
      const friday = answer.body.schedules.find((row: { weekdayEn: string }) => row.weekdayEn === 'friday');
      expect(friday).to.include({ startTime: '10:00', endTime: '12:00' });
      expect(answer.body.schedules).to.have.length(7);
    });

    it("draws a new API token on token '' and accepts a chosen one", async () => {
      const created = await createConnection(t, tenant.admin);
      const renewed = await t.call('PUT', `/whatsapp/${created.id}`, { token: tenant.admin.token, body: { token: '' } });
      expect(renewed.body.token).to.match(/^[A-Za-z0-9_-]{32,}$/).and.not.equal(created.token);
      const chosen = `chosen_${Date.now()}_${'z'.repeat(24)}`;
      expect((await t.call('PUT', `/whatsapp/${created.id}`, { token: tenant.admin.token, body: { token: chosen } })).body.token).to.equal(chosen);
    });

    it('validates (empty body, name bounds) and refuses a duplicate name', async () => {
      const first = await createConnection(t, tenant.admin);
      const second = await createConnection(t, tenant.admin);
      expectInvalid(await t.call('PUT', `/whatsapp/${first.id}`, { token: tenant.admin.token, body: {} }), 'payload');
      expectInvalid(await t.call('PUT', `/whatsapp/${first.id}`, { token: tenant.admin.token, body: { name: 'x' } }), 'name');
      expectError(await t.call('PUT', `/whatsapp/${first.id}`, { token: tenant.admin.token, body: { name: second.name } }), 409, 'ERR_DUPLICATED');
      // Its own name again is fine.
      expect((await t.call('PUT', `/whatsapp/${first.id}`, { token: tenant.admin.token, body: { name: first.name } })).status).to.equal(200);
    });

    it('requires a greeting once the connection has several queues', async () => {
      const a = await createQueue(t, tenant.admin);
      const b = await createQueue(t, tenant.admin);
      const created = await createConnection(t, tenant.admin, { queueIds: [a.id] });
      expectError(await t.call('PUT', `/whatsapp/${created.id}`, { token: tenant.admin.token, body: { queueIds: [a.id, b.id] } }), 400, 'ERR_WAPP_GREETING_REQUIRED');
      const ok = await t.call('PUT', `/whatsapp/${created.id}`, { token: tenant.admin.token, body: { queueIds: [a.id, b.id], greetingMessage: 'Choose' } });
      expect(ok.body.queueIds).to.deep.equal([a.id, b.id]);
      expectError(await t.call('PUT', `/whatsapp/${created.id}`, { token: tenant.admin.token, body: { greetingMessage: '' } }), 400, 'ERR_WAPP_GREETING_REQUIRED');
    });

    it('is for admins, and another company connection is not found', async () => {
      const created = await createConnection(t, tenant.admin);
      expectError(await t.call('PUT', `/whatsapp/${created.id}`, { token: agent.token, body: { name: 'Agent edit' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/whatsapp/${created.id}`, { token: other.admin.token, body: { name: 'Other edit' } }), 404, 'ERR_NO_WAPP_FOUND');
      const stays = await t.call('PUT', `/whatsapp/${created.id}`, { token: tenant.admin.token, body: { name: unique('Stays '), companyId: other.companyId } });
      expect(stays.body.companyId).to.equal(tenant.companyId);
    });

    it('switching to the sandbox provider starts its session (a QR appears)', async () => {
      const created = await createConnection(t, tenant.admin);
      const switched = await t.call('PUT', `/whatsapp/${created.id}`, { token: tenant.admin.token, body: { provider: 'sandbox' } });
      expect(switched.body.provider).to.equal('sandbox');
      const shown = await waitForStatus(t, tenant.admin, created.id, 'qrcode');
      expect(shown.qrcode).to.match(new RegExp(`^atende-sandbox:${created.id}:[0-9a-f]+$`));
      // The code's end of life, for the console's countdown: within the sandbox's QR lifetime.
      const left = new Date(String(shown.qrExpiresAt)).getTime() - Date.now();
      expect(left).to.be.within(-5_000, 60_000);
    });
  });

  describe('the default connection', () => {
    it('moves with isDefault, is never simply unset, and the default is deleted only naming a successor', async () => {
      const company = await createTenant(t, superUser, { planId: (await createPlan(t, superUser)).id });
      const first = await createConnection(t, company.admin);
      const second = await createConnection(t, company.admin);
      expect([first.isDefault, second.isDefault]).to.deep.equal([true, false]);

      expectError(await t.call('PUT', `/whatsapp/${first.id}`, { token: company.admin.token, body: { isDefault: false } }), 400, 'ERR_NO_OTHER_WHATSAPP');
      const moved = await t.call('PUT', `/whatsapp/${second.id}`, { token: company.admin.token, body: { isDefault: true } });
      expect(moved.body.isDefault).to.equal(true);
      const list = await connections(company.admin);
      expect(list.filter((c) => c.isDefault).map((c) => c.id)).to.deep.equal([second.id]);

      expectError(await t.call('DELETE', `/whatsapp/${second.id}`, { token: company.admin.token }), 400, 'ERR_NO_OTHER_WHATSAPP');
      expectError(await t.call('DELETE', `/whatsapp/${second.id}?newDefaultId=${second.id}`, { token: company.admin.token }), 400, 'ERR_NO_OTHER_WHATSAPP');
      expectError(await t.call('DELETE', `/whatsapp/${second.id}?newDefaultId=${MISSING_ID}`, { token: company.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      expectInvalid(await t.call('DELETE', `/whatsapp/${second.id}?newDefaultId=nope`, { token: company.admin.token }), 'newDefaultId');
      expect((await t.call('DELETE', `/whatsapp/${second.id}?newDefaultId=${first.id}`, { token: company.admin.token })).status).to.equal(204);
      const left = await connections(company.admin);
      expect(left.map((c) => [c.id, c.isDefault])).to.deep.equal([[first.id, true]]);
      // The last connection goes without a successor.
      expect((await t.call('DELETE', `/whatsapp/${first.id}`, { token: company.admin.token })).status).to.equal(204);
      expect(await connections(company.admin)).to.deep.equal([]);
    });

    it('a new connection created as default takes the flag from the old one', async () => {
      const company = await createTenant(t, superUser);
      const first = await createConnection(t, company.admin);
      const second = await createConnection(t, company.admin, { isDefault: true });
      expect(second.isDefault).to.equal(true);
      expect((await t.call('GET', `/whatsapp/${first.id}`, { token: company.admin.token })).body.isDefault).to.equal(false);
    });
  });

  describe('DELETE /whatsapp/{id}', () => {
    it('removes the connection; tickets and users that named it keep no dangling id', async () => {
      const created = await createConnection(t, tenant.admin);
      const member = await createMember(t, tenant, 'user', { whatsappId: created.id });
      const ticket = await createTicket({ companyId: tenant.companyId, uuid: unique('uuid-'), contactId: MISSING_ID, whatsappId: created.id, status: 'open' });
      const answer = await t.call('DELETE', `/whatsapp/${created.id}`, { token: tenant.admin.token });
      expect(answer.status).to.equal(204);
      expectError(await t.call('GET', `/whatsapp/${created.id}`, { token: tenant.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      const stored = await TicketModel.findOne({ _id: ticket._id, companyId: tenant.companyId }).lean();
      expect(stored?.whatsappId).to.equal(null);
      expect((await t.call('GET', `/users/${member.user.id}`, { token: tenant.admin.token })).body.whatsappId).to.equal(null);
    });

    it('is for admins; another company connection is not found', async () => {
      const created = await createConnection(t, tenant.admin);
      expectError(await t.call('DELETE', `/whatsapp/${created.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/whatsapp/${created.id}`, { token: other.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      expectError(await t.call('DELETE', `/whatsapp/${MISSING_ID}`, { token: tenant.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
    });
  });

  describe('realtime: whatsapp channel', () => {
    it('pushes update on create and edit, delete with the id; never the token; not to another company', async () => {
      const mine = await watch(agent.email, 'member-pass', 'whatsapp');
      const theirs = await watch(other.adminEmail, other.password, 'whatsapp');
      const created = await createConnection(t, tenant.admin);
      const update = await waitFor(mine, (e) => e.action === 'update' && (e.whatsapp as { id: string }).id === created.id);
      expect(update.whatsapp).not.to.have.property('token');
      await t.call('PUT', `/whatsapp/${created.id}`, { token: tenant.admin.token, body: { name: `${created.name} B` } });
      await waitFor(mine, (e) => e.action === 'update' && (e.whatsapp as { name: string }).name === `${created.name} B`);
      await t.call('DELETE', `/whatsapp/${created.id}`, { token: tenant.admin.token });
      await waitFor(mine, (e) => e.action === 'delete' && e.whatsappId === created.id);
      expect(theirs.filter((e) => JSON.stringify(e).includes(created.id))).to.deep.equal([]);
    });
  });

  describe('sessions: the status machine through /whatsappsession', () => {
    it('sandbox: OPENING -> qrcode -> PAIRING -> CONNECTED, then disconnect, try again, new QR — each pushed on whatsappSession', async () => {
      const events = await watch(tenant.adminEmail, tenant.password, 'whatsappSession');
      const created = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      const session = (e: RealtimeEvent) => e.session as { id: string; status: string; qrcode: string; retries: number; number: string };
      const mineOnly = () => events.filter((e) => session(e).id === created.id).map((e) => session(e));

      const qr = await waitFor(events, (e) => session(e).id === created.id && session(e).status === 'qrcode');
      expect(session(qr).qrcode).to.match(new RegExp(`^atende-sandbox:${created.id}:[0-9a-f]{24}$`));
      expect(session(qr).retries).to.equal(0);
      expect(mineOnly().map((s) => s.status)).to.deep.equal(['OPENING', 'qrcode']);
      const shown = await t.call('GET', `/whatsapp/${created.id}`, { token: tenant.admin.token });
      expect(shown.body).to.include({ status: 'qrcode', qrcode: session(qr).qrcode });

      const paired = await t.call('POST', `/sandbox/${created.id}/pair`, { token: tenant.admin.token, body: { number: '+55 11 98888-7777' } });
      expect(paired.body).to.include({ status: 'CONNECTED', qrcode: '', number: '5511988887777' });
      const connected = await waitFor(events, (e) => session(e).id === created.id && session(e).status === 'CONNECTED');
      // The QR dialog closes on an update carrying an empty qrcode.
      expect(session(connected).qrcode).to.equal('');
      expect(mineOnly().map((s) => s.status)).to.deep.equal(['OPENING', 'qrcode', 'PAIRING', 'CONNECTED']);

      const loggedOut = await t.call('DELETE', `/whatsappsession/${created.id}`, { token: tenant.admin.token });
      expect(loggedOut.status).to.equal(200);
      expect(loggedOut.body).to.include({ status: 'DISCONNECTED', qrcode: '' });
      await waitFor(events, (e) => session(e).id === created.id && session(e).status === 'DISCONNECTED');

      // Try again: the pairing was forgotten, so a QR is shown again.
      const again = await t.call('POST', `/whatsappsession/${created.id}`, { token: tenant.admin.token });
      expect(again.status).to.equal(200);
      expect(again.body.status).to.equal('qrcode');
      const firstQr = again.body.qrcode as string;
      // New QR code: another pairing token.
      const renewed = await t.call('PUT', `/whatsappsession/${created.id}`, { token: tenant.admin.token });
      expect(renewed.body.status).to.equal('qrcode');
      expect(renewed.body.qrcode).to.match(/^atende-sandbox:/).and.not.equal(firstQr);

      // A paired connection that is started again comes back CONNECTED without a scan.
      await t.call('POST', `/sandbox/${created.id}/pair`, { token: tenant.admin.token, body: {} });
      const restarted = await t.call('POST', `/whatsappsession/${created.id}`, { token: tenant.admin.token });
      expect(restarted.body.status).to.equal('CONNECTED');
      // New QR on a paired connection: the pairing starts over.
      expect((await t.call('PUT', `/whatsappsession/${created.id}`, { token: tenant.admin.token })).body.status).to.equal('qrcode');
    });

    it('beta (Baileys): starting opens the session and disconnecting pushes DISCONNECTED', async () => {
      const events = await watch(tenant.adminEmail, tenant.password, 'whatsappSession');
      const created = await createConnection(t, tenant.admin, { provider: 'beta' });
      const answer = await t.call('POST', `/whatsappsession/${created.id}`, { token: tenant.admin.token });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.status).to.equal('OPENING');
      const out = await t.call('DELETE', `/whatsappsession/${created.id}`, { token: tenant.admin.token });
      expect(out.body.status).to.equal('DISCONNECTED');
      await waitFor(events, (e) => (e.session as { id: string; status: string }).id === created.id && (e.session as { status: string }).status === 'DISCONNECTED');
    });

    it('session calls are for admins of the company', async () => {
      const created = await createConnection(t, tenant.admin, { provider: 'sandbox' });
      for (const method of ['POST', 'PUT', 'DELETE']) {
        expectError(await t.call(method, `/whatsappsession/${created.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call(method, `/whatsappsession/${created.id}`, { token: other.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      }
      expectError(await t.call('POST', `/whatsappsession/${MISSING_ID}`, { token: tenant.admin.token }), 404, 'ERR_NO_WAPP_FOUND');
      expectInvalid(await t.call('POST', '/whatsappsession/abc', { token: tenant.admin.token }), 'id');
    });
  });

  it('describes the connection, session and sandbox routes in the OpenAPI document', async () => {
    const { paths } = (await t.call('GET', '/docs/openapi.json')).body;
    expect(paths['/whatsapp'].post['x-access']).to.deep.equal({ profiles: ['admin'] });
    expect(paths['/whatsapp'].post.requestBody.content['application/json'].schema.required).to.deep.equal(['name']);
    expect(paths['/whatsapp'].get['x-access']).to.equal(undefined);
    expect(Object.keys(paths['/whatsappsession/{id}'])).to.have.members(['post', 'put', 'delete']);
    expect(paths['/whatsapp/{id}'].delete.parameters.map((p: { name: string }) => p.name)).to.include.members(['id', 'newDefaultId']);
    for (const path of ['/sandbox/{whatsappId}/pair', '/sandbox/{whatsappId}/messages', '/sandbox/{whatsappId}/read', '/sandbox/{whatsappId}/failures', '/sandbox/{whatsappId}/connectivity']) {
      expect(paths[path]?.post?.['x-access'], path).to.deep.equal({ profiles: ['admin'] });
    }
    expect(paths['/sandbox/{whatsappId}/outbox'].get.parameters.map((p: { name: string }) => p.name)).to.include.members(['whatsappId', 'to', 'after', 'limit']);
  });

  describe('shared client', () => {
    it('covers every connection and session call', async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: tenant.adminEmail, password: tenant.password });
      const created = await api.whatsapp.create({ name: unique('Client '), provider: 'sandbox' });
      expect(created.token).to.be.a('string');
      expect((await api.whatsapp.list({ session: 0 })).map((c) => c.id)).to.include(created.id);
      expect((await api.whatsapp.get(created.id)).name).to.equal(created.name);
      expect((await api.whatsapp.update(created.id, { maxUseBotQueues: 9 })).maxUseBotQueues).to.equal(9);
      expect((await api.whatsapp.startSession(created.id)).status).to.equal('qrcode');
      expect((await api.sandbox.pair(created.id)).status).to.equal('CONNECTED');
      expect((await api.whatsapp.newQrCode(created.id)).status).to.equal('qrcode');
      expect((await api.whatsapp.disconnect(created.id)).status).to.equal('DISCONNECTED');
      await api.whatsapp.remove(created.id);
      expect((await api.whatsapp.list()).map((c) => c.id)).not.to.include(created.id);
    });
  });
});
