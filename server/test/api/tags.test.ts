import { expect } from 'chai';
import { createApiClient, memorySession } from '@atende/shared/client';
import { TagModel } from '../../src/domains/tags/model.js';
import { TicketModel } from '../../src/domains/tickets/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { insertTicket } from '../support/backofficeFixtures.js';
import { listen, settle, waitFor } from '../support/realtimeFixtures.js';

describe('tags, ticket tags and the kanban board', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let supervisor: Session & { email: string };

  before(async () => {
    t = await startTestApp('tags');
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useKanban: true })).id });
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    supervisor = await createMember(t, tenant, 'supervisor');
  });
  after(() => t?.stop());

  const admin = () => tenant.admin.token;
  const create = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/tags', { token, body });

  describe('CRUD', () => {
    it('creates a tag with its author, the default colour and kanban 0', async () => {
      const answer = await create({ name: 'Urgent' });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ name: 'Urgent', color: '#5c59a0', kanban: 0, userId: tenant.admin.user.id, companyId: tenant.companyId, ticketsCount: 0 });
      const colored = await create({ name: 'Lead', color: '#00ff00', kanban: 1 });
      expect(colored.body).to.include({ color: '#00ff00', kanban: 1 });
    });

    it("validates the name (at least 3, required), the colour and the kanban flag", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: 'ab' }, 'name', 'string.min'],
        [{ name: '  ab  ' }, 'name', 'string.min'],
        [{}, 'name', 'any.required'],
        [{ name: 'x'.repeat(51) }, 'name', 'string.max'],
        [{ name: 'Valid', kanban: 2 }, 'kanban', 'any.only'],
        [{ name: 'Valid', color: 'c'.repeat(31) }, 'color', 'string.pattern.name'],
        [{ name: 'Valid', color: 'red;background:url(x)' }, 'color', 'string.pattern.name'],
        [{ name: 'Valid', userId: 'me' }, 'userId', 'string.hex'],
      ];
      for (const [body, field, rule] of cases) {
        const answer = await create(body);
        expectInvalid(answer, field);
        expect(answer.body.rule, field).to.equal(rule);
      }
    });

    it('refuses a name in use in the company, whatever its case (409 ERR_DUPLICATED_TAG); other companies may reuse it', async () => {
      expectError(await create({ name: 'urgent' }), 409, 'ERR_DUPLICATED_TAG');
      expect((await create({ name: 'Urgent' }, other.admin.token)).status).to.equal(201);
    });

    it('only admins and supervisors set kanban 1 (a user gets 403); any member creates and edits plain tags', async () => {
      const refused = await create({ name: 'Agent lane', kanban: 1 }, agent.token);
      expectError(refused, 403, 'ERR_NO_PERMISSION');
      const byAgent = await create({ name: 'Agent tag', kanban: 0 }, agent.token);
      expect(byAgent.status).to.equal(201);
      expect(byAgent.body.userId).to.equal(agent.user.id);
      expect((await create({ name: 'Supervisor lane', kanban: 1 }, supervisor.token)).body.kanban).to.equal(1);
      const lead = (await TagModel.findOne({ companyId: tenant.companyId, name: 'Lead' }).lean())!;
      expectError(await t.call('PUT', `/tags/${lead._id}`, { token: agent.token, body: { kanban: 0 } }), 403, 'ERR_NO_PERMISSION');
      // A lane is the board's: a user neither renames nor deletes it; a supervisor does.
      expectError(await t.call('PUT', `/tags/${lead._id}`, { token: agent.token, body: { name: 'Leads', kanban: 1, color: '#00aa00' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/tags/${lead._id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      const same = await t.call('PUT', `/tags/${lead._id}`, { token: supervisor.token, body: { name: 'Leads', kanban: 1, color: '#00aa00' } });
      expect(same.status, JSON.stringify(same.body)).to.equal(200);
      expect(same.body).to.include({ name: 'Leads', kanban: 1, color: '#00aa00' });
      expectError(await t.call('PUT', `/tags/${byAgent.body.id}`, { token: agent.token, body: { kanban: 1 } }), 403, 'ERR_NO_PERMISSION');
      expect((await t.call('PUT', `/tags/${byAgent.body.id}`, { token: supervisor.token, body: { kanban: 1 } })).body.kanban).to.equal(1);
    });

    it('updates name, colour, kanban and userId; refuses a duplicate name and unknown users', async () => {
      const tag = (await create({ name: 'Temporary' })).body;
      expectError(await t.call('PUT', `/tags/${tag.id}`, { token: admin(), body: { name: 'URGENT' } }), 409, 'ERR_DUPLICATED_TAG');
      expectError(await t.call('PUT', `/tags/${tag.id}`, { token: admin(), body: { userId: other.admin.user.id } }), 404, 'ERR_NO_USER_FOUND');
      const answer = await t.call('PUT', `/tags/${tag.id}`, { token: admin(), body: { ...tag, name: 'temporary', userId: agent.user.id, kanban: 1 } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body).to.include({ name: 'temporary', userId: agent.user.id, kanban: 1 });
      expectError(await t.call('DELETE', `/tags/${tag.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expect((await t.call('DELETE', `/tags/${tag.id}`, { token: supervisor.token })).status).to.equal(204);
      expectError(await t.call('GET', `/tags/${tag.id}`, { token: admin() }), 404, 'ERR_NO_TAG_FOUND');
    });

    it("another company's tag is not found for reading, editing or deleting", async () => {
      const foreign = (await t.call('GET', '/tags/list', { token: other.admin.token })).body[0];
      expectError(await t.call('GET', `/tags/${foreign.id}`, { token: admin() }), 404, 'ERR_NO_TAG_FOUND');
      expectError(await t.call('PUT', `/tags/${foreign.id}`, { token: admin(), body: { name: 'Mine now' } }), 404, 'ERR_NO_TAG_FOUND');
      expectError(await t.call('DELETE', `/tags/${foreign.id}`, { token: admin() }), 404, 'ERR_NO_TAG_FOUND');
      expectError(await t.call('GET', `/tags/${MISSING_ID}`, { token: admin() }), 404, 'ERR_NO_TAG_FOUND');
    });
  });

  describe('lists', () => {
    before(async () => {
      const docs = Array.from({ length: 20 }, (_, i) => ({ companyId: tenant.companyId, name: `Bulk ${String(i).padStart(2, '0')}`, nameKey: `bulk ${String(i).padStart(2, '0')}`, color: '#111111' }));
      await TagModel.insertMany(docs);
    });

    it('GET /tags pages by name with count and hasMore, and searches', async () => {
      const first = await t.call('GET', '/tags?pageNumber=1', { token: agent.token });
      expect(first.status).to.equal(200);
      expect(first.body.count).to.equal(24);
      expect(first.body.tags).to.have.length(20);
      expect(first.body.hasMore).to.equal(true);
      expect(first.body.tags[0].name).to.equal('Agent tag');
      const second = await t.call('GET', '/tags?pageNumber=2', { token: agent.token });
      expect(second.body.tags).to.have.length(4);
      expect(second.body.hasMore).to.equal(false);
      const search = await t.call('GET', '/tags?searchParam=LEAD', { token: agent.token });
      expect(search.body.tags.map((tag: { name: string }) => tag.name)).to.deep.equal(['Leads']);
      expect(search.body.tags[0].ticketsCount).to.equal(0);
      expectInvalid(await t.call('GET', '/tags?pageNumber=0', { token: agent.token }), 'pageNumber');
    });

    it('GET /tags/list answers every tag, or only the kanban lanes; GET /tags/kanban answers { lista }', async () => {
      const all = await t.call('GET', '/tags/list', { token: agent.token });
      expect(all.body).to.have.length(24);
      const lanes = await t.call('GET', '/tags/list?kanban=1', { token: agent.token });
      expect(lanes.body.map((tag: { name: string }) => tag.name)).to.deep.equal(['Agent tag', 'Leads', 'Supervisor lane']);
      const kanban = await t.call('GET', '/tags/kanban', { token: agent.token });
      expect(kanban.status).to.equal(200);
      expect(kanban.body.lista).to.deep.equal(lanes.body);
      expectInvalid(await t.call('GET', '/tags/list?kanban=3', { token: agent.token }), 'kanban');
    });

    it('kanban routes need the plan flag useKanban (403 ERR_PLAN_FEATURE_DISABLED)', async () => {
      expectError(await t.call('GET', '/tags/kanban', { token: other.admin.token }), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expectError(await t.call('GET', '/ticket/kanban', { token: other.admin.token }), 403, 'ERR_PLAN_FEATURE_DISABLED');
    });
  });

  describe('ticket tags', () => {
    let urgent: { id: string };
    let leads: { id: string };
    let queueA: string;
    let queueB: string;
    let ticketA: string;
    let ticketB: string;

    before(async () => {
      const tags = (await t.call('GET', '/tags/list', { token: admin() })).body as { id: string; name: string }[];
      urgent = tags.find((tag) => tag.name === 'Urgent')!;
      leads = tags.find((tag) => tag.name === 'Leads')!;
      queueA = (await t.call('POST', '/queue', { token: admin(), body: { name: 'Queue A', color: '#aaaaaa' } })).body.id;
      queueB = (await t.call('POST', '/queue', { token: admin(), body: { name: 'Queue B', color: '#bbbbbb', greetingMessage: 'Hi' } })).body.id;
      await t.call('PUT', `/users/${agent.user.id}`, { token: admin(), body: { queueIds: [queueA] } });
      ticketA = String((await insertTicket(tenant.companyId, { queueId: queueA, lastMessage: 'hello A' }))._id);
      ticketB = String((await insertTicket(tenant.companyId, { queueId: queueB, status: 'pending' }))._id);
    });

    it('POST /tags/sync sets exactly the given tags and pushes a ticket update', async () => {
      const watcher = await listen(t, tenant.adminEmail, tenant.password, 'ticket');
      try {
        const answer = await t.call('POST', '/tags/sync', { token: agent.token, body: { ticketId: ticketA, tags: [{ id: urgent.id, name: 'Urgent' }, { id: leads.id }] } });
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect(answer.body.ticketId).to.equal(ticketA);
        expect(answer.body.tags.map((tag: { name: string }) => tag.name)).to.deep.equal(['Leads', 'Urgent']);
        const event = await waitFor(watcher.events, (e) => e.action === 'update' && e.ticketId === ticketA);
        expect(event.tags).to.deep.equal(answer.body.tags);
        expect(event.ticket).to.include({ id: ticketA, queueId: queueA });
        const replaced = await t.call('POST', '/tags/sync', { token: agent.token, body: { ticketId: ticketA, tags: [{ id: urgent.id }] } });
        expect(replaced.body.tags.map((tag: { id: string }) => tag.id)).to.deep.equal([urgent.id]);
        const again = await t.call('POST', '/tags/sync', { token: agent.token, body: { ticketId: ticketA, tags: [{ id: urgent.id }] } });
        expect(again.body.tags).to.have.length(1);
      } finally {
        await watcher.client.disconnect();
      }
      expect((await t.call('GET', `/tags/${urgent.id}`, { token: admin() })).body.ticketsCount).to.equal(1);
    });

    it('refuses unknown or foreign tags and tickets, and tickets outside the user queues', async () => {
      const foreignTag = (await t.call('GET', '/tags/list', { token: other.admin.token })).body[0].id;
      expectError(await t.call('POST', '/tags/sync', { token: admin(), body: { ticketId: ticketA, tags: [{ id: foreignTag }] } }), 404, 'ERR_NO_TAG_FOUND');
      expectError(await t.call('POST', '/tags/sync', { token: admin(), body: { ticketId: ticketA, tags: [{ id: MISSING_ID }] } }), 404, 'ERR_NO_TAG_FOUND');
      expectError(await t.call('POST', '/tags/sync', { token: other.admin.token, body: { ticketId: ticketA, tags: [] } }), 404, 'ERR_NO_TICKET_FOUND');
      expectError(await t.call('PUT', `/ticket-tags/${ticketA}/${foreignTag}`, { token: admin() }), 404, 'ERR_NO_TAG_FOUND');
      expectError(await t.call('PUT', `/ticket-tags/${ticketA}/${urgent.id}`, { token: other.admin.token }), 404, 'ERR_NO_TICKET_FOUND');
      expectError(await t.call('DELETE', `/ticket-tags/${ticketA}`, { token: other.admin.token }), 404, 'ERR_NO_TICKET_FOUND');
      expectError(await t.call('POST', '/tags/sync', { token: agent.token, body: { ticketId: ticketB, tags: [] } }), 403, 'ERR_NO_PERMISSION');
      expectInvalid(await t.call('POST', '/tags/sync', { token: admin(), body: { ticketId: ticketA } }), 'tags');
      expectInvalid(await t.call('POST', '/tags/sync', { token: admin(), body: { ticketId: 'x', tags: [] } }), 'ticketId');
      expectInvalid(await t.call('POST', '/tags/sync', { token: admin(), body: { ticketId: ticketA, tags: [{ name: 'no id' }] } }), 'tags.0.id');
      // Nothing changed on the ticket.
      expect((await t.call('GET', `/tickets/${ticketA}`, { token: admin() })).body.tags.map((tag: { id: string }) => tag.id)).to.deep.equal([urgent.id]);
    });

    it('PUT /ticket-tags/{ticketId}/{tagId} adds one tag (twice is harmless); DELETE /ticket-tags/{ticketId} removes the lane tags, keeping the others', async () => {
      const outsider = await listen(t, agent.email, 'member-pass', 'ticket');
      const added = await t.call('PUT', `/ticket-tags/${ticketB}/${leads.id}`, { token: admin() });
      await settle();
      await outsider.client.disconnect();
      expect(outsider.events, 'queue B tickets are not pushed to a queue A agent').to.deep.equal([]);
      expect(added.status, JSON.stringify(added.body)).to.equal(200);
      expect(added.body).to.deep.equal({ ticketId: ticketB, tags: [{ id: leads.id, name: 'Leads', color: '#00aa00' }] });
      expect((await t.call('PUT', `/ticket-tags/${ticketB}/${leads.id}`, { token: admin() })).body.tags).to.have.length(1);
      expect((await t.call('PUT', `/ticket-tags/${ticketB}/${urgent.id}`, { token: admin() })).body.tags).to.have.length(2);
      expect((await TicketModel.find({ companyId: tenant.companyId, tagIds: leads.id }, { _id: 1 }).lean()).map((row) => String(row._id))).to.deep.equal([ticketB]);
      expect((await t.call('DELETE', `/ticket-tags/${ticketB}`, { token: admin() })).status).to.equal(204);
      expect((await t.call('GET', `/tickets/${ticketB}`, { token: admin() })).body.tags.map((tag: { id: string }) => tag.id), 'Leads is a lane, Urgent is not').to.deep.equal([urgent.id]);
    });

    it('the kanban board answers open and pending tickets with tags and contact, by visibility', async () => {
      await insertTicket(tenant.companyId, { queueId: queueA, status: 'closed' });
      const mine = String((await insertTicket(tenant.companyId, { queueId: queueB, userId: agent.user.id }))._id);
      const queueless = String((await insertTicket(tenant.companyId, { queueId: null }))._id);

      const byAdmin = await t.call('GET', '/ticket/kanban?showAll=true', { token: admin() });
      expect(byAdmin.status, JSON.stringify(byAdmin.body)).to.equal(200);
      const adminIds = byAdmin.body.tickets.map((ticket: { id: string }) => ticket.id);
      expect(adminIds).to.have.members([ticketA, ticketB, mine, queueless]);
      const card = byAdmin.body.tickets.find((ticket: { id: string }) => ticket.id === ticketA);
      expect(card).to.include({ status: 'open', queueId: queueA, lastMessage: 'hello A' });
      expect(card.tags.map((tag: { id: string }) => tag.id)).to.deep.equal([urgent.id]);
      expect(card.contact.name).to.match(/^Customer /);
      expect(card.uuid).to.be.a('string');

      const filtered = await t.call('GET', `/ticket/kanban?showAll=true&queueIds=${encodeURIComponent(JSON.stringify([queueB]))}`, { token: admin() });
      expect(filtered.body.tickets.map((ticket: { id: string }) => ticket.id)).to.have.members([ticketB, mine, queueless]);

      // The agent works queue A only: its tickets and their own, never queue B's; showAll is ignored.
      const byAgent = await t.call('GET', '/ticket/kanban?showAll=true', { token: agent.token });
      expect(byAgent.body.tickets.map((ticket: { id: string }) => ticket.id)).to.have.members([ticketA, mine]);
      const otherCompany = await t.call('GET', '/ticket/kanban?showAll=true', { token: superUser.token });
      expect(otherCompany.body.tickets.map((ticket: { id: string }) => ticket.id)).not.to.include(ticketA);

      expectInvalid(await t.call('GET', '/ticket/kanban?queueIds=notjson', { token: admin() }), 'queueIds');
    });

    it('deleting a tag removes its ticket links', async () => {
      const watcher = await listen(t, agent.email, 'member-pass', 'tag');
      try {
        expect((await t.call('DELETE', `/tags/${urgent.id}`, { token: admin() })).status).to.equal(204);
        expect(await waitFor(watcher.events, (e) => e.action === 'delete')).to.deep.equal({ action: 'delete', tagId: urgent.id });
      } finally {
        await watcher.client.disconnect();
      }
      expect((await t.call('GET', `/tickets/${ticketA}`, { token: admin() })).body.tags).to.deep.equal([]);
    });
  });

  describe('shared client and realtime', () => {
    it('runs every tag call through the typed client; tag events reach the company only', async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: tenant.adminEmail, password: tenant.password });
      const mine = await listen(t, agent.email, 'member-pass', 'tag');
      const theirs = await listen(t, other.adminEmail, other.password, 'tag');
      try {
        const tag = await api.tags.create({ name: 'Client tag', kanban: 1 });
        expect((await waitFor(mine.events, (e) => e.action === 'create')).tag).to.deep.equal(tag);
        expect((await api.tags.get(tag.id)).ticketsCount).to.equal(0);
        expect((await api.tags.update(tag.id, { color: '#123123' })).color).to.equal('#123123');
        expect((await api.tags.page({ searchParam: 'Client' })).tags.map((x) => x.id)).to.deep.equal([tag.id]);
        expect((await api.tags.list({ kanban: 1 })).map((x) => x.id)).to.include(tag.id);
        expect((await api.tags.kanban()).lista.map((x) => x.id)).to.include(tag.id);
        const ticketId = String((await insertTicket(tenant.companyId))._id);
        expect((await api.tags.sync(ticketId, [tag.id])).tags.map((x) => x.id)).to.deep.equal([tag.id]);
        await api.tags.clearTicket(ticketId);
        expect((await api.tags.addToTicket(ticketId, tag.id)).tags).to.have.length(1);
        const board = await api.tags.kanbanTickets({ showAll: true, queueIds: [] });
        expect(board.tickets.find((x) => x.id === ticketId)?.tags.map((x) => x.id)).to.deep.equal([tag.id]);
        await api.tags.remove(tag.id);
        await settle();
        expect(theirs.events).to.deep.equal([]);
      } finally {
        await mine.client.disconnect();
        await theirs.client.disconnect();
      }
    });
  });
});
