import { expect } from 'chai';
import { createApiClient, memorySession } from '@atende/shared/client';
import { TicketModel, type TicketDoc } from '../../src/domains/tickets/model.js';
import { UserModel, type UserDoc } from '../../src/domains/users/model.js';
import { WhatsappModel, type WhatsappDoc } from '../../src/domains/whatsapp/model.js';
import { optionChildren } from '../../src/domains/queues/options.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { insertTicket } from '../support/backofficeFixtures.js';
import { listen, waitFor } from '../support/realtimeFixtures.js';

describe('queues and queue options', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };

  before(async () => {
    t = await startTestApp('queues');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
  });
  after(() => t?.stop());

  const admin = () => tenant.admin.token;
  const create = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/queue', { token, body });

  describe('creating and reading', () => {
    let first: { id: string; [field: string]: unknown };

    it('creates the first queue without a greeting, with the default hours and a lower-case colour', async () => {
      const answer = await create({ name: 'Sales', color: '#FF0000', orderQueue: 2 });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      first = answer.body;
      expect(answer.body).to.include({ name: 'Sales', color: '#ff0000', orderQueue: 2, greetingMessage: '', outOfHoursMessage: '', companyId: tenant.companyId, integrationId: null, promptId: null });
      expect(answer.body.schedules).to.have.length(7);
      expect(answer.body.schedules[0]).to.deep.equal({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' });
      expect(answer.body.schedules[5]).to.include({ weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' });
      expect(answer.body.schedules[6]).to.include({ weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' });
    });

    it('requires a greeting from the second queue on (400 ERR_WAPP_GREETING_REQUIRED)', async () => {
      expectError(await create({ name: 'Support', color: '#00ff00' }), 400, 'ERR_WAPP_GREETING_REQUIRED');
      expectError(await create({ name: 'Support', color: '#00ff00', greetingMessage: '   ' }), 400, 'ERR_WAPP_GREETING_REQUIRED');
      const answer = await create({ name: 'Support', color: '#00ff00', greetingMessage: 'Welcome to support', orderQueue: 1, schedules: [{ weekdayEn: 'sunday', startTime: '09:00', endTime: '13:00' }] });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body.schedules).to.have.length(7);
      expect(answer.body.schedules[6]).to.include({ weekdayEn: 'sunday', startTime: '09:00', endTime: '13:00' });
      expect(answer.body.schedules[0]).to.include({ weekdayEn: 'monday', startTime: '08:00' });
    });

    it('refuses a colour in use, whatever its case (409 ERR_QUEUE_COLOR_ALREADY_EXISTS), and a name in use', async () => {
      expectError(await create({ name: 'Billing', color: '#FF0000', greetingMessage: 'Hi' }), 409, 'ERR_QUEUE_COLOR_ALREADY_EXISTS');
      const sameName = await create({ name: 'sales', color: '#0000ff', greetingMessage: 'Hi' });
      expectError(sameName, 409, 'ERR_DUPLICATED');
      expect(sameName.body.field).to.equal('name');
    });

    it('validates name 2..50, a hex colour (both required), hours and ids', async () => {
      const base = { name: 'Valid', color: '#123456', greetingMessage: 'Hi' };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...base, name: 'A' }, 'name', 'string.min'],
        [{ ...base, name: 'A'.repeat(51) }, 'name', 'string.max'],
        [{ ...base, name: undefined }, 'name', 'any.required'],
        [{ ...base, color: '#1' }, 'color', 'string.pattern.name'],
        [{ ...base, color: '#1234567890' }, 'color', 'string.pattern.name'],
        [{ ...base, color: undefined }, 'color', 'any.required'],
        [{ ...base, schedules: [{ weekdayEn: 'monday', startTime: '25:00', endTime: '18:00' }] }, 'schedules.0.startTime', 'string.pattern.base'],
        [{ ...base, schedules: [{ weekdayEn: 'someday', startTime: '08:00', endTime: '18:00' }] }, 'schedules.0.weekdayEn', 'any.only'],
        [{ ...base, promptId: 'nope' }, 'promptId', 'string.hex'],
        [{ ...base, orderQueue: -1 }, 'orderQueue', 'number.min'],
      ];
      for (const [body, field, rule] of cases) {
        const answer = await create(body);
        expectInvalid(answer, field);
        expect(answer.body.rule, field).to.equal(rule);
      }
    });

    it('lists the queues in menu order (orderQueue, then name) to every member', async () => {
      const answer = await t.call('GET', '/queue', { token: agent.token });
      expect(answer.status).to.equal(200);
      expect(answer.body.map((q: { name: string }) => q.name)).to.deep.equal(['Support', 'Sales']);
      expect(answer.body[0].schedules).to.have.length(7);
      const others = await t.call('GET', '/queue', { token: other.admin.token });
      expect(others.body).to.deep.equal([]);
    });

    it("ignores another company asked by a member, and lets a super user read it", async () => {
      const asked = await t.call('GET', `/queue?companyId=${tenant.companyId}`, { token: other.admin.token });
      expect(asked.body).to.deep.equal([]);
      const bySuper = await t.call('GET', `/queue?companyId=${tenant.companyId}`, { token: superUser.token });
      expect(bySuper.body).to.have.length(2);
    });

    it("GET /queue/{id} answers one queue with its options; another company's id is not found", async () => {
      const answer = await t.call('GET', `/queue/${first.id}`, { token: agent.token });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.include({ id: first.id, name: 'Sales' });
      expect(answer.body.options).to.deep.equal([]);
      expectError(await t.call('GET', `/queue/${first.id}`, { token: other.admin.token }), 404, 'ERR_NO_QUEUE_FOUND');
      expectError(await t.call('GET', `/queue/${MISSING_ID}`, { token: admin() }), 404, 'ERR_NO_QUEUE_FOUND');
      expectInvalid(await t.call('GET', '/queue/abc', { token: admin() }), 'id');
    });

    it('writes are for admins (users and supervisors get 403 ERR_NO_PERMISSION)', async () => {
      for (const token of [agent.token, supervisor.token]) {
        expectError(await create({ name: 'Nope', color: '#abcdef', greetingMessage: 'Hi' }, token), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('PUT', `/queue/${first.id}`, { token, body: { name: 'Nope' } }), 403, 'ERR_NO_PERMISSION');
        expectError(await t.call('DELETE', `/queue/${first.id}`, { token }), 403, 'ERR_NO_PERMISSION');
      }
    });

    it('stops at the plan queue limit (403 ERR_QUEUE_LIMIT_REACHED)', async () => {
      expect((await create({ name: 'Third', color: '#333333', greetingMessage: 'Hi' })).status).to.equal(201);
      const answer = await create({ name: 'Fourth', color: '#444444', greetingMessage: 'Hi' });
      expectError(answer, 403, 'ERR_QUEUE_LIMIT_REACHED');
      expect(answer.body.limit).to.equal(3);
    });
  });

  describe('updating', () => {
    let sales: { id: string };
    let support: { id: string };
    before(async () => {
      const list = (await t.call('GET', '/queue', { token: admin() })).body as { id: string; name: string }[];
      sales = list.find((q) => q.name === 'Sales')!;
      support = list.find((q) => q.name === 'Support')!;
    });

    it('requires the greeting while the company has more than one queue', async () => {
      expectError(await t.call('PUT', `/queue/${sales.id}`, { token: admin(), body: { name: 'Sales team' } }), 400, 'ERR_WAPP_GREETING_REQUIRED');
      expectError(await t.call('PUT', `/queue/${support.id}`, { token: admin(), body: { greetingMessage: '' } }), 400, 'ERR_WAPP_GREETING_REQUIRED');
      const answer = await t.call('PUT', `/queue/${sales.id}`, { token: admin(), body: { name: 'Sales team', greetingMessage: 'Hello from sales' } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.include({ name: 'Sales team', greetingMessage: 'Hello from sales' });
    });

    it('merges partial schedules, keeps its own colour, refuses another queue colour', async () => {
      const answer = await t.call('PUT', `/queue/${sales.id}`, {
        token: admin(),
        body: { color: '#FF0000', outOfHoursMessage: 'We are closed', promptId: null, schedules: [{ weekdayEn: 'friday', startTime: '10:00', endTime: '16:00' }] },
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.outOfHoursMessage).to.equal('We are closed');
      expect(answer.body.schedules[4]).to.include({ weekdayEn: 'friday', startTime: '10:00', endTime: '16:00' });
      expect(answer.body.schedules[0]).to.include({ weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' });
      expectError(await t.call('PUT', `/queue/${sales.id}`, { token: admin(), body: { color: '#00FF00' } }), 409, 'ERR_QUEUE_COLOR_ALREADY_EXISTS');
    });

    it('accepts the whole record back from the dialog (read-only fields are ignored)', async () => {
      const current = (await t.call('GET', `/queue/${sales.id}`, { token: admin() })).body;
      const answer = await t.call('PUT', `/queue/${sales.id}`, { token: admin(), body: { ...current, orderQueue: '' } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.orderQueue).to.equal(null);
    });

    it("another company's queue is not found; an empty body is invalid", async () => {
      expectError(await t.call('PUT', `/queue/${sales.id}`, { token: other.admin.token, body: { name: 'Mine' } }), 404, 'ERR_NO_QUEUE_FOUND');
      expect((await t.call('PUT', `/queue/${sales.id}`, { token: admin(), body: {} })).status).to.equal(400);
    });
  });

  describe('queue options', () => {
    let queueId: string;
    let top1: { id: string };
    let top2: { id: string };
    let child: { id: string };
    let grandchild: { id: string };

    before(async () => {
      const list = (await t.call('GET', '/queue', { token: admin() })).body as { id: string; name: string }[];
      queueId = list.find((q) => q.name === 'Support')!.id;
    });
    const post = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/queue-options', { token, body });

    it('adds top-level options (parentId -1) and children, answering -1 for the top level', async () => {
      const a = await post({ queueId, parentId: -1, title: 'Financial', message: 'Pick one', option: '2' });
      expect(a.status, JSON.stringify(a.body)).to.equal(201);
      expect(a.body).to.include({ queueId, parentId: -1, title: 'Financial', message: 'Pick one', option: '2' });
      top2 = a.body;
      top1 = (await post({ queueId, title: 'Technical', option: '1' })).body;
      const ten = await post({ queueId, title: 'Other', option: '10' });
      expect(ten.status).to.equal(201);
      const c = await post({ queueId, parentId: top1.id, title: 'Internet', message: 'Describe it', option: '1' });
      expect(c.status).to.equal(201);
      expect(c.body.parentId).to.equal(top1.id);
      child = c.body;
      grandchild = (await post({ queueId, parentId: child.id, title: 'Slow', option: '1' })).body;
    });

    it('lists one level ordered by option (2 before 10), or the whole queue', async () => {
      const top = await t.call('GET', `/queue-options?queueId=${queueId}&parentId=-1`, { token: agent.token });
      expect(top.status).to.equal(200);
      expect(top.body.map((o: { option: string }) => o.option)).to.deep.equal(['1', '2', '10']);
      const children = await t.call('GET', `/queue-options?queueId=${queueId}&parentId=${top1.id}`, { token: admin() });
      expect(children.body.map((o: { id: string }) => o.id)).to.deep.equal([child.id]);
      const all = await t.call('GET', `/queue-options?queueId=${queueId}`, { token: admin() });
      expect(all.body).to.have.length(5);
      const withOptions = await t.call('GET', `/queue/${queueId}`, { token: admin() });
      expect(withOptions.body.options).to.have.length(5);
      expect((await optionChildren(tenant.companyId, queueId, null)).map((o) => o.title)).to.deep.equal(['Technical', 'Financial', 'Other']);
      expect((await optionChildren(tenant.companyId, queueId, child.id)).map((o) => o.id)).to.deep.equal([grandchild.id]);
    });

    it('validates queueId, parentId, title and option; a parent of another queue is not found', async () => {
      expectInvalid(await post({ parentId: -1, title: 'X', option: '1' }), 'queueId');
      expectInvalid(await post({ queueId, parentId: 5, title: 'X', option: '1' }), 'parentId');
      expectInvalid(await post({ queueId, title: '', option: '1' }), 'title');
      expectInvalid(await post({ queueId, title: 'X' }), 'option');
      expectInvalid(await t.call('GET', `/queue-options?parentId=-1`, { token: admin() }), 'queueId');
      expectError(await post({ queueId: MISSING_ID, title: 'X', option: '1' }), 404, 'ERR_NO_QUEUE_FOUND');
      expectError(await post({ queueId, parentId: MISSING_ID, title: 'X', option: '1' }), 404, 'ERR_NO_QUEUE_OPTION_FOUND');
      const list = (await t.call('GET', '/queue', { token: admin() })).body as { id: string; name: string }[];
      const otherQueue = list.find((q) => q.id !== queueId)!.id;
      expectError(await post({ queueId: otherQueue, parentId: top1.id, title: 'X', option: '1' }), 404, 'ERR_NO_QUEUE_OPTION_FOUND');
    });

    it('updates title, message and option; it does not move', async () => {
      const answer = await t.call('PUT', `/queue-options/${top2.id}`, { token: admin(), body: { title: 'Billing', message: 'New text', option: '3', parentId: child.id, queueId: MISSING_ID } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.include({ title: 'Billing', message: 'New text', option: '3', parentId: -1, queueId });
      expect((await t.call('GET', `/queue-options/${top2.id}`, { token: agent.token })).body.title).to.equal('Billing');
    });

    it('is for admins, and scoped by company', async () => {
      expectError(await post({ queueId, title: 'X', option: '9' }, agent.token), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/queue-options/${top2.id}`, { token: supervisor.token, body: { title: 'X' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/queue-options/${top2.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/queue-options/${top2.id}`, { token: other.admin.token, body: { title: 'X' } }), 404, 'ERR_NO_QUEUE_OPTION_FOUND');
      expectError(await t.call('DELETE', `/queue-options/${top2.id}`, { token: other.admin.token }), 404, 'ERR_NO_QUEUE_OPTION_FOUND');
      expectError(await post({ queueId, title: 'X', option: '9' }, other.admin.token), 404, 'ERR_NO_QUEUE_FOUND');
      const foreign = await t.call('GET', `/queue-options?queueId=${queueId}`, { token: other.admin.token });
      expect(foreign.body).to.deep.equal([]);
    });

    it('deletes an option with its whole subtree; tickets standing on them go back to the top', async () => {
      const ticket = await insertTicket(tenant.companyId, { queueId, queueOptionId: grandchild.id, chatbot: true });
      expect((await t.call('DELETE', `/queue-options/${top1.id}`, { token: admin() })).status).to.equal(204);
      const all = await t.call('GET', `/queue-options?queueId=${queueId}`, { token: admin() });
      expect(all.body.map((o: { id: string }) => o.id)).not.to.include.members([top1.id, child.id, grandchild.id]);
      expect(all.body).to.have.length(2);
      const stored = await TicketModel.findOne({ _id: ticket._id, companyId: tenant.companyId }).lean<TicketDoc>();
      expect(stored?.queueOptionId).to.equal(null);
      expect(String(stored?.queueId)).to.equal(queueId);
    });
  });

  describe('deleting a queue', () => {
    it('removes its options, takes it from users, connections and tickets of the company only, and announces it', async () => {
      const queues = (await t.call('GET', '/queue', { token: admin() })).body as { id: string; name: string }[];
      const support = queues.find((q) => q.name === 'Support')!;
      const kept = queues.find((q) => q.name !== 'Support')!;
      await t.call('PUT', `/users/${agent.user.id}`, { token: admin(), body: { queueIds: [support.id, kept.id] } });
      const ticket = await insertTicket(tenant.companyId, { queueId: support.id });
      const otherTicket = await insertTicket(tenant.companyId, { queueId: kept.id });
      const connection = await WhatsappModel.create({ companyId: tenant.companyId, name: 'Main', nameKey: 'main', token: `tok-${Date.now()}`, queueIds: [support.id, kept.id], transferQueueId: support.id });
      const watcher = await listen(t, agent.email, 'member-pass', `queue`);
      try {
        expect((await t.call('DELETE', `/queue/${support.id}`, { token: admin() })).status).to.equal(204);
        const event = await waitFor(watcher.events, (e) => e.action === 'delete');
        expect(event).to.deep.equal({ action: 'delete', queueId: support.id });
      } finally {
        await watcher.client.disconnect();
      }
      const user = await UserModel.findOne({ _id: agent.user.id, companyId: tenant.companyId }).lean<UserDoc>();
      expect(user?.queueIds.map(String)).to.deep.equal([kept.id]);
      expect((await TicketModel.findOne({ _id: ticket._id, companyId: tenant.companyId }).lean<TicketDoc>())?.queueId).to.equal(null);
      const storedConnection = await WhatsappModel.findOne({ _id: connection._id, companyId: tenant.companyId }).lean<WhatsappDoc>();
      expect(storedConnection?.queueIds.map(String)).to.deep.equal([kept.id]);
      expect(storedConnection?.transferQueueId).to.equal(null);
      expect(String((await TicketModel.findOne({ _id: otherTicket._id, companyId: tenant.companyId }).lean<TicketDoc>())?.queueId)).to.equal(kept.id);
      expect((await t.call('GET', `/queue-options?queueId=${support.id}`, { token: admin() })).body).to.deep.equal([]);
      expectError(await t.call('GET', `/queue/${support.id}`, { token: admin() }), 404, 'ERR_NO_QUEUE_FOUND');
      expectError(await t.call('DELETE', `/queue/${kept.id}`, { token: other.admin.token }), 404, 'ERR_NO_QUEUE_FOUND');
    });
  });

  describe('shared client and realtime', () => {
    it('creates, reads, updates and deletes a queue and its options through the typed client, with live events', async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: tenant.adminEmail, password: tenant.password });
      const watcher = await listen(t, tenant.adminEmail, tenant.password, 'queue');
      try {
        const queue = await api.queues.create({ name: 'Client queue', color: '#c0ffee', greetingMessage: 'Hello' });
        expect((await waitFor(watcher.events, (e) => e.action === 'create')).queue).to.deep.equal(queue);
        const option = await api.queues.options.create({ queueId: queue.id, title: 'One', option: '1' });
        expect(option.parentId).to.equal(-1);
        expect(await api.queues.options.list({ queueId: queue.id, parentId: -1 })).to.deep.equal([option]);
        expect((await api.queues.options.update(option.id, { title: 'Uno' })).title).to.equal('Uno');
        expect((await api.queues.get(queue.id)).options).to.have.length(1);
        expect((await api.queues.update(queue.id, { orderQueue: 0 })).orderQueue).to.equal(0);
        expect((await api.queues.list()).map((q) => q.id)).to.include(queue.id);
        await api.queues.options.remove(option.id);
        await api.queues.remove(queue.id);
        await waitFor(watcher.events, (e) => e.action === 'delete' && e.queueId === queue.id);
      } finally {
        await watcher.client.disconnect();
      }
    });
  });
});
