/**
 * The ticket lists read from lanes of buckets (domains/tickets/lanes.ts): every page of every list,
 * for every profile and tab, must equal the same list computed from all the tickets by the shared
 * rule the console and the terminal inbox apply to live updates, after tickets
 * move (activity, transfers, resolves, deletes), with counters a crash left too high, and with
 * writes racing on one ticket.
 */
import { expect } from 'chai';
import { ticketInList, ticketViewerOf, TICKETS_PAGE_SIZE, type TicketStatus, type TicketViewer } from '@atende/shared';
import { applyDeltas } from '../../src/platform/database/counters.js';
import { ContactModel, type ContactDoc } from '../../src/domains/contacts/model.js';
import { createContact } from '../../src/domains/contacts/writer.js';
import { moveOf } from '../../src/domains/tickets/laneCounts.js';
import { TicketModel, type TicketDoc } from '../../src/domains/tickets/model.js';
import { createTicket, deleteTickets, updateTicket } from '../../src/domains/tickets/writer.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue } from '../support/inboxFixtures.js';
import { expectCountersExact as expectCountersExactOf } from '../support/ticketCounters.js';

const STATUSES: TicketStatus[] = ['open', 'pending', 'closed'];
const HOUR = 3_600_000;

/** A small deterministic random source, so that a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('ticket lists by lanes: every page equals the list computed from all tickets', function () {
  this.timeout(180_000);
  let t: TestApp;
  let tenant: Tenant;
  let agent: Session & { email: string };
  let everything: Session & { email: string };
  let queues: string[];
  const random = randomSource(20_261_125);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;

  before(async () => {
    t = await startTestApp('lanes');
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 10 })).id });
    queues = [(await createQueue(t, tenant.admin)).id, (await createQueue(t, tenant.admin)).id, (await createQueue(t, tenant.admin)).id];
    agent = await createMember(t, tenant, 'user', { queueIds: [queues[0], queues[1]] });
    everything = await createMember(t, tenant, 'user', { queueIds: [queues[2]], allTicket: 'enabled' });
    const userIds = [tenant.admin.user.id, agent.user.id, null];
    // 260 tickets over 40 days, bunched in some hours and slots, in every status, queue and assignee.
    const contacts = await Promise.all(Array.from({ length: 26 }, (_, n) => createContact(tenant.companyId, { name: `Lane customer ${n}`, number: `55119700000${String(n).padStart(2, '0')}` })));
    const now = Date.now();
    const seeds = Array.from({ length: 260 }, (_, n) => {
      const at = new Date(now - Math.floor(random() * 40) * 24 * HOUR - Math.floor(random() * 3) * HOUR - Math.floor(random() * 4) * 600_000);
      const status = pick(STATUSES);
      return { companyId: tenant.companyId, contactId: contacts[n % 26]!._id, status, queueId: pick([...queues, null]), userId: status === 'pending' ? null : pick(userIds), createdAt: at, updatedAt: at };
    });
    for (let n = 0; n < seeds.length; n += 20) await Promise.all(seeds.slice(n, n + 20).map((seed) => createTicket(seed)));
  });
  after(() => t?.stop());

  async function allTickets(): Promise<TicketDoc[]> {
    return TicketModel.find({ companyId: tenant.companyId }).lean<TicketDoc[]>();
  }

  function positionOf(ticket: TicketDoc) {
    return { status: ticket.status, userId: ticket.userId ? String(ticket.userId) : null, queueId: ticket.queueId ? String(ticket.queueId) : null };
  }

  function newest(a: TicketDoc, b: TicketDoc): number {
    return b.updatedAt.getTime() - a.updatedAt.getTime() || (String(b._id) > String(a._id) ? 1 : -1);
  }

  /** Every page of a list through the API, until hasMore says no more. */
  async function pages(session: Session, query: string): Promise<string[]> {
    const ids: string[] = [];
    for (let pageNumber = 1; pageNumber < 50; pageNumber++) {
      const answer = await t.call('GET', `/tickets?${query}&pageNumber=${pageNumber}`, { token: session.token });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.tickets.length).to.be.at.most(TICKETS_PAGE_SIZE);
      ids.push(...answer.body.tickets.map((ticket: { id: string }) => ticket.id));
      if (!answer.body.hasMore) return ids;
      expect(answer.body.tickets, `page ${pageNumber} of ${query} says more follow`).to.have.length(TICKETS_PAGE_SIZE);
    }
    throw new Error(`${query}: more than 50 pages`);
  }

  /** The viewer as the shared rule reads it, from the user as stored. */
  async function viewerOfSession(session: Session): Promise<TicketViewer> {
    const answer = await t.call('GET', `/users/${session.user.id}`, { token: tenant.admin.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return ticketViewerOf(answer.body);
  }

  const queueFilter = (ids: string[]) => `queueIds=${encodeURIComponent(JSON.stringify(ids))}`;
  /**
   * The lists of document 1 for every profile and tab: the server's pages must hold exactly what
   * the shared rule (ticketInList, the console's and the terminal inbox's live rule) says.
   */
  const lists = (): { name: string; session: Session; query: string; filter: { showAll: boolean; queueIds?: string[] } }[] => [
    { name: 'admin, show all', session: tenant.admin, query: 'showAll=true', filter: { showAll: true } },
    { name: 'admin, show all, first queue', session: tenant.admin, query: `showAll=true&${queueFilter([queues[0]!])}`, filter: { showAll: true, queueIds: [queues[0]!] } },
    { name: 'admin without show all', session: tenant.admin, query: 'showAll=false', filter: { showAll: false } },
    { name: 'agent of two queues', session: agent, query: '', filter: { showAll: false } },
    { name: 'agent of two queues asking for show all', session: agent, query: 'showAll=true', filter: { showAll: true } },
    { name: 'agent picking a queue of theirs and a foreign one', session: agent, query: queueFilter([queues[1]!, queues[2]!]), filter: { showAll: false, queueIds: [queues[1]!, queues[2]!] } },
    { name: 'agent with allTicket', session: everything, query: '', filter: { showAll: false } },
  ];

  async function expectListsMatch(label: string): Promise<void> {
    const tickets = await allTickets();
    for (const list of lists()) {
      const viewer = await viewerOfSession(list.session);
      for (const status of STATUSES) {
        const expected = tickets.filter((ticket) => ticketInList(positionOf(ticket), { ...list.filter, status }, viewer)).sort(newest).map((ticket) => String(ticket._id));
        const query = [`status=${status}`, list.query].filter(Boolean).join('&');
        expect(await pages(list.session, query), `${label}: ${list.name}, ${status}`).to.deep.equal(expected);
      }
    }
  }

  const expectCountersExact = () => expectCountersExactOf(tenant.companyId);

  it('pages every list of every profile and tab exactly, with counters that match the tickets', async () => {
    await expectListsMatch('seeded');
    await expectCountersExact();
  });

  it('keeps every list exact while tickets move: activity, accept, transfer, resolve, reopen, delete', async () => {
    for (let round = 0; round < 60; round++) {
      const tickets = await allTickets();
      const ticket = pick(tickets);
      const action = pick(['activity', 'status', 'transfer', 'assign', 'delete'] as const);
      if (action === 'activity') await updateTicket(tenant.companyId, ticket._id, { $inc: { unreadMessages: 1 } });
      if (action === 'status') await updateTicket(tenant.companyId, ticket._id, { $set: { status: pick(STATUSES) } });
      if (action === 'transfer') await updateTicket(tenant.companyId, ticket._id, { $set: { queueId: pick([...queues, null]) as never } }, { touch: false });
      if (action === 'assign') await updateTicket(tenant.companyId, ticket._id, { $set: { userId: pick([tenant.admin.user.id, agent.user.id, null]) as never } });
      if (action === 'delete') await deleteTickets(tenant.companyId, [ticket]);
    }
    await expectListsMatch('after 60 moves');
    await expectCountersExact();
  });

  it('writes racing on one ticket lose nothing: the counters stay exact', async () => {
    const [ticket] = await allTickets();
    await Promise.all(
      Array.from({ length: 12 }, (_, n) => updateTicket(tenant.companyId, ticket!._id, n % 3 === 0 ? { $set: { status: STATUSES[n % 3]! } } : { $inc: { unreadMessages: 1 } })),
    );
    const stored = await TicketModel.findOne({ companyId: tenant.companyId, _id: ticket!._id }).lean<TicketDoc>();
    expect(stored!.unreadMessages - ticket!.unreadMessages).to.equal(8);
    await expectCountersExact();
    await expectListsMatch('after racing writes');
  });

  it('a text search finds every ticket the viewer may see: a colleague\'s open ticket of the agent\'s queues, not another queue\'s', async () => {
    const contactIds = new Set(
      (await ContactModel.find({ companyId: tenant.companyId }).lean<ContactDoc[]>()).filter((contact) => /^Lane customer 1/.test(contact.name)).map((contact) => String(contact._id)),
    );
    const tickets = (await allTickets()).filter((ticket) => contactIds.has(String(ticket.contactId))).sort(newest);
    const agentMay = (ticket: TicketDoc) => String(ticket.userId) === agent.user.id || [queues[0], queues[1]].includes(String(ticket.queueId));
    expect(tickets.some((ticket) => ticket.status === 'open' && agentMay(ticket) && String(ticket.userId) !== agent.user.id), 'the seed has a colleague\'s open ticket').to.equal(true);
    expect(tickets.some((ticket) => !agentMay(ticket)), 'the seed has tickets the agent may not see').to.equal(true);
    const ids = (rows: TicketDoc[]) => rows.map((ticket) => String(ticket._id));
    expect(await pages(agent, 'searchParam=customer%201')).to.deep.equal(ids(tickets.filter(agentMay)));
    expect(await pages(agent, 'searchParam=customer%201&status=open')).to.deep.equal(ids(tickets.filter((ticket) => agentMay(ticket) && ticket.status === 'open')));
    expect(await pages(tenant.admin, 'searchParam=customer%201&showAll=true')).to.deep.equal(ids(tickets));
  });

  it('a counter left too high by a crash shows no ticket twice in a page and loses none', async () => {
    // A move whose grow ran but whose ticket write did not: one slot counts a ticket it lacks.
    const ticket = (await allTickets()).sort(newest).find((each) => each.status === 'closed')!;
    await applyDeltas(tenant.companyId, moveOf(null, { ...ticket, updatedAt: new Date(ticket.updatedAt.getTime() - 1) }).grow);
    const tickets = await allTickets();
    const expected = tickets.filter((each) => each.status === 'closed').sort(newest).map((each) => String(each._id));
    const listed = await pages(tenant.admin, 'status=closed&showAll=true');
    expect(new Set(listed), 'no ticket lost').to.deep.equal(new Set(expected));
    expect(listed.length - expected.length, 'at most one shown again on the next page').to.be.at.most(1);
  });
});
