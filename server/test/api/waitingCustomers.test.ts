/**
 * Waiting customers (issue 30, item 10): a pending row says what the customer last wrote and since
 * when they wait, and a pending list can be walked oldest first (order=oldest), across pages.
 */
import { expect } from 'chai';
import { TICKETS_PAGE_SIZE } from '@atende/shared';
import { createContact } from '../../src/domains/contacts/writer.js';
import { TicketModel, type TicketDoc } from '../../src/domains/tickets/model.js';
import { createTicket } from '../../src/domains/tickets/writer.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('waiting customers: last words, waiting since, oldest first', function () {
  this.timeout(120_000);
  let t: TestApp;
  let tenant: Tenant;
  let agent: Session;
  let queues: string[];

  before(async () => {
    t = await startTestApp('waiting', { ATENDE_SANDBOX_ACK_MS: '20' });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 10 })).id });
    queues = [(await createQueue(t, tenant.admin, { greetingMessage: 'Hi!' })).id, (await createQueue(t, tenant.admin, { greetingMessage: 'Hello!' })).id, (await createQueue(t, tenant.admin, { greetingMessage: 'Hey' })).id];
    agent = await createMember(t, tenant, 'user', { queueIds: [queues[0], queues[1]] });
  });
  after(() => t?.stop());

  const list = (session: Session, query: string) => t.call('GET', `/tickets?${query}`, { token: session.token });

  it("a waiting customer's row carries what they wrote (not the bot's greeting) and since when they wait", async () => {
    const whatsapp = await sandboxConnection(t, tenant.admin, { greetingMessage: 'Welcome! Someone will answer you soon.' });
    const number = customerNumber();
    const before = Date.now();
    await customerSays(t, tenant.admin, whatsapp.id, number, 'Quero atendimento, meu pedido não chegou');
    const waiting = await eventually(async () => {
      const ticket = await ticketOf(t, tenant.admin, number, 'pending');
      return ticket?.lastMessage.startsWith('Welcome!') ? ticket : null;
    }, 10_000, 'the greeting went out');
    expect(waiting.lastCustomerMessage).to.equal('Quero atendimento, meu pedido não chegou');
    const since = Date.parse(waiting.waitingSince);
    expect(since).to.be.at.least(before - 1_000).and.at.most(Date.now());

    // Writing again does not restart the wait; accepting ends it; returning it starts a new one.
    await customerSays(t, tenant.admin, whatsapp.id, number, 'Alô?');
    const again = await eventually(async () => {
      const ticket = await ticketOf(t, tenant.admin, number, 'pending');
      return ticket?.lastCustomerMessage === 'Alô?' ? ticket : null;
    }, 10_000, 'the second message');
    expect(again.waitingSince).to.equal(waiting.waitingSince);
    const accepted = await t.call('PUT', `/tickets/${waiting.id}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } });
    expect(accepted.body.waitingSince).to.equal(null);
    const returned = await t.call('PUT', `/tickets/${waiting.id}`, { token: tenant.admin.token, body: { status: 'pending', userId: null } });
    expect(returned.body.status).to.equal('pending');
    expect(Date.parse(returned.body.waitingSince)).to.be.greaterThan(since);
    // Transferred to a queue without a user, it waits there from the transfer on.
    await t.call('PUT', `/tickets/${waiting.id}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } });
    const transferred = await t.call('PUT', `/tickets/${waiting.id}`, { token: tenant.admin.token, body: { queueId: queues[0], userId: null } });
    expect(transferred.body).to.include({ status: 'pending', queueId: queues[0] });
    expect(Date.parse(transferred.body.waitingSince)).to.be.at.least(Date.parse(returned.body.waitingSince));
  });

  it('order=oldest walks a pending list oldest first across pages, the exact reverse of the default', async () => {
    // 100 waiting customers over three months, bunched on some days and ten-minute slots, in the
    // agent's queues, another queue and none.
    const contacts = await Promise.all(Array.from({ length: 10 }, (_, n) => createContact(tenant.companyId, { name: `Waiting ${n}`, number: `55119711100${String(n).padStart(2, '0')}` })));
    const now = Date.now() - DAY;
    const places = [null, queues[0], queues[1], queues[2]];
    for (let n = 0; n < 100; n += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, k) => {
          const i = n + k;
          const at = new Date(now - (i % 7) * 13 * DAY - (i % 3) * 10 * MINUTE - (i % 5 === 0 ? 0 : i * 1_000));
          return createTicket({ companyId: tenant.companyId, contactId: contacts[i % 10]!._id, status: 'pending', queueId: places[i % 4], userId: null, createdAt: at, updatedAt: at });
        }),
      );
    }
    const pending = await TicketModel.find({ companyId: tenant.companyId, status: 'pending' }).lean<TicketDoc[]>();
    const oldestFirst = (a: TicketDoc, b: TicketDoc) => a.updatedAt.getTime() - b.updatedAt.getTime() || (String(a._id) < String(b._id) ? -1 : 1);

    async function walk(session: Session, query: string): Promise<string[]> {
      const ids: string[] = [];
      for (let pageNumber = 1; ; pageNumber++) {
        const answer = await list(session, `${query}&pageNumber=${pageNumber}`);
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect(answer.body.tickets.length).to.be.at.most(TICKETS_PAGE_SIZE);
        ids.push(...answer.body.tickets.map((ticket: { id: string }) => ticket.id));
        if (!answer.body.hasMore) return ids;
        expect(pageNumber, 'pages end').to.be.below(10);
      }
    }

    // An admin with show-all reads one lane; the agent a union of lanes (two queues).
    const all = pending.sort(oldestFirst).map((ticket) => String(ticket._id));
    expect(all.length).to.be.greaterThan(2 * TICKETS_PAGE_SIZE);
    const adminOldest = await walk(tenant.admin, 'status=pending&showAll=true&order=oldest');
    expect(adminOldest).to.deep.equal(all);
    expect(await walk(tenant.admin, 'status=pending&showAll=true')).to.deep.equal([...all].reverse());
    expect(await walk(tenant.admin, 'status=pending&showAll=true&order=newest')).to.deep.equal([...all].reverse());

    const mine = pending.filter((ticket) => ticket.queueId && [queues[0], queues[1]].includes(String(ticket.queueId))).sort(oldestFirst).map((ticket) => String(ticket._id));
    expect(await walk(agent, 'status=pending&order=oldest')).to.deep.equal(mine);
    expect(await walk(agent, 'status=pending')).to.deep.equal([...mine].reverse());
    // A filter read from its candidates (tags, unread, search) keeps the order too.
    const searched = await list(tenant.admin, 'status=pending&showAll=true&order=oldest&searchParam=Waiting');
    const found = searched.body.tickets.map((ticket: { id: string }) => ticket.id);
    expect(found).to.deep.equal([...found].sort((a: string, b: string) => all.indexOf(a) - all.indexOf(b)));
  });

  it('refuses an order other than newest or oldest', async () => {
    const refused = await list(tenant.admin, 'status=pending&order=random');
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include({ error: 'ERR_VALIDATION', field: 'order' });
  });
});
