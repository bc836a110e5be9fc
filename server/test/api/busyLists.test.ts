/**
 * Ticket lists on a busy morning (issue 31): 1,200 tickets whose latest activity falls in one
 * minute (20 new customers a second) beside a calm history. A page must read about a page of
 * documents, not the whole busy slot; pages walked while tickets move (new messages, accepts,
 * transfers) stay in order; the lists and counters are exact once the moves settle; and the data
 * upgrade "list-seconds-1" gives tickets of the earlier release (day, hour and slot keys only)
 * what the lists now read them by.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import mongoose from 'mongoose';
import { ticketInList, ticketViewerOf, TICKETS_PAGE_SIZE, type TicketStatus, type TicketViewer } from '@atende/shared';
import { monitorDatabaseCommands, recordCommands } from '../../src/platform/database/commandLog.js';
import { CounterModel } from '../../src/platform/database/counterModel.js';
import { applyDeltas } from '../../src/platform/database/counters.js';
import { CounterTotals } from '../../src/platform/database/counterBuild.js';
import { createContact } from '../../src/domains/contacts/writer.js';
import { moveOf } from '../../src/domains/tickets/laneCounts.js';
import { bucketKey, bucketsOf, lanesOfTicket, listKeysOf } from '../../src/domains/tickets/lanes.js';
import { listSecondsUpgrade } from '../../src/domains/tickets/listSecondsUpgrade.js';
import { contactCopyOf, TicketModel, type TicketDoc } from '../../src/domains/tickets/model.js';
import { derivedKeys, updateTicket } from '../../src/domains/tickets/writer.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue } from '../support/inboxFixtures.js';
import { expectCountersExact } from '../support/ticketCounters.js';

const BUSY = 1_200;
const PER_SECOND = 20;
const CALM = 60;
const DAY = 86_400_000;

interface ListedTicket {
  id: string;
  updatedAt: string;
  status: TicketStatus;
}

describe('ticket lists on a busy morning: thousands in one minute', function () {
  this.timeout(300_000);
  let t: TestApp;
  let tenant: Tenant;
  let agent: Session & { email: string };
  let queues: string[];

  before(async () => {
    monitorDatabaseCommands();
    t = await startTestApp('busylists');
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 10 })).id });
    queues = [(await createQueue(t, tenant.admin)).id, (await createQueue(t, tenant.admin)).id];
    agent = await createMember(t, tenant, 'user', { queueIds: [queues[0]] });
    await seed();
  });
  after(async () => {
    monitorDatabaseCommands(false);
    await t?.stop();
  });

  /** The tickets written straight to the database as the writer derives them, with their counters. */
  async function seed(): Promise<void> {
    const contact = await createContact(tenant.companyId, { name: 'Morning customer', number: '5511977770000' });
    // A minute that started two hours ago: 20 customers a second, then a calm month before it.
    const minute = Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000;
    const times = [
      ...Array.from({ length: BUSY }, (_, n) => minute + Math.floor(n / PER_SECOND) * 1_000 + (n % PER_SECOND) * 37),
      ...Array.from({ length: CALM }, (_, n) => minute - (n + 1) * (DAY / 2) - n * 7_919),
    ];
    const userIds = [agent.user.id, tenant.admin.user.id];
    const totals = new CounterTotals();
    const tickets = times.map((at, n) => {
      const status: TicketStatus = n % 3 === 0 ? 'open' : 'pending';
      const doc = new TicketModel({
        uuid: randomUUID(), companyId: tenant.companyId, contactId: contact._id, contact: contactCopyOf(contact), whatsappId: null, status,
        queueId: n % 5 === 4 ? null : queues[n % 2], userId: status === 'open' ? userIds[n % 2] : null, createdAt: new Date(at - 1_000), updatedAt: new Date(at),
      }).toObject() as TicketDoc;
      totals.add(tenant.companyId, moveOf(null, doc).grow);
      return { ...doc, ...derivedKeys(doc) };
    });
    await TicketModel.collection.insertMany(tickets);
    for (const docs of totals.documents(1_000)) {
      await applyDeltas(tenant.companyId, docs.map((doc) => ({ key: doc.key as string, parts: doc.parts as Record<string, number>, count: doc.count as number })));
    }
  }

  async function allTickets(): Promise<TicketDoc[]> {
    return TicketModel.find({ companyId: tenant.companyId }).lean<TicketDoc[]>();
  }

  async function viewerOfSession(session: Session): Promise<TicketViewer> {
    return ticketViewerOf((await t.call('GET', `/users/${session.user.id}`, { token: tenant.admin.token })).body);
  }

  const newest = (a: { updatedAt: Date | string; id: string }, b: { updatedAt: Date | string; id: string }) =>
    new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);

  /** The list as the shared rule computes it from all the tickets, in its order. */
  async function expected(session: Session, status: TicketStatus, showAll: boolean, order: 'newest' | 'oldest' = 'newest'): Promise<string[]> {
    const viewer = await viewerOfSession(session);
    const rows = (await allTickets())
      .filter((ticket) => ticketInList({ status: ticket.status, userId: ticket.userId ? String(ticket.userId) : null, queueId: ticket.queueId ? String(ticket.queueId) : null }, { showAll, status }, viewer))
      .map((ticket) => ({ id: String(ticket._id), updatedAt: ticket.updatedAt }))
      .sort(newest);
    return (order === 'oldest' ? rows.reverse() : rows).map((row) => row.id);
  }

  async function page(session: Session, query: string, pageNumber: number): Promise<{ tickets: ListedTicket[]; hasMore: boolean }> {
    const answer = await t.call('GET', `/tickets?${query}&pageNumber=${pageNumber}`, { token: session.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body;
  }

  /** Every page of a list, until hasMore says no more. */
  async function pages(session: Session, query: string, check: (tickets: ListedTicket[]) => void = () => undefined): Promise<string[]> {
    const ids: string[] = [];
    for (let pageNumber = 1; pageNumber <= 60; pageNumber++) {
      const { tickets, hasMore } = await page(session, query, pageNumber);
      check(tickets);
      ids.push(...tickets.map((ticket) => ticket.id));
      if (!hasMore) return ids;
      expect(tickets, `page ${pageNumber} of ${query} says more follow`).to.have.length(TICKETS_PAGE_SIZE);
    }
    throw new Error(`${query}: more than 60 pages`);
  }

  const lists: { name: string; session: () => Session; status: TicketStatus; showAll: boolean; order?: 'oldest' }[] = [
    { name: 'admin, show all, pending', session: () => tenant.admin, status: 'pending', showAll: true },
    { name: 'admin, show all, open', session: () => tenant.admin, status: 'open', showAll: true },
    { name: 'admin, show all, pending, who waits longest', session: () => tenant.admin, status: 'pending', showAll: true, order: 'oldest' },
    { name: 'agent, pending of their queue', session: () => agent, status: 'pending', showAll: false },
    { name: 'agent, their open tickets', session: () => agent, status: 'open', showAll: false },
  ];
  const queryOf = (list: (typeof lists)[number]) => `status=${list.status}&showAll=${list.showAll}${list.order ? `&order=${list.order}` : ''}`;

  async function expectListsExact(label: string): Promise<void> {
    for (const list of lists) {
      expect(await pages(list.session(), queryOf(list)), `${label}: ${list.name}`).to.deep.equal(await expected(list.session(), list.status, list.showAll, list.order));
    }
  }

  it('a page reads about a page of documents, however many share its minute, and holds exactly its rows', async () => {
    const inBusyMinute = (await allTickets()).filter((ticket) => ticket.status === 'pending').length;
    expect(inBusyMinute, 'pending tickets, nearly all in one minute').to.be.above(800);
    for (const list of lists) {
      const all = await expected(list.session(), list.status, list.showAll, list.order);
      for (const pageNumber of [1, 5, 12]) {
        const log = recordCommands();
        const { tickets } = await page(list.session(), queryOf(list), pageNumber);
        log.stop();
        const skip = (pageNumber - 1) * TICKETS_PAGE_SIZE;
        expect(tickets.map((ticket) => ticket.id), `${list.name}, page ${pageNumber}`).to.deep.equal(all.slice(skip, skip + TICKETS_PAGE_SIZE));
        // A page of 40, the seconds at its edges (20 tickets a second), a few counters and the viewer.
        expect(log.documentsRead(), `${list.name}, page ${pageNumber}: documents read`).to.be.at.most(100);
      }
    }
  });

  it('pages walked while tickets move stay in order; once the moves settle every list and counter is exact', async () => {
    const movers = (await allTickets()).filter((ticket) => ticket.status === 'pending').slice(0, 90);
    let moving = true;
    const moves = (async () => {
      for (const [n, ticket] of movers.entries()) {
        if (n % 3 === 0) await updateTicket(tenant.companyId, ticket._id, { $inc: { unreadMessages: 1 } });
        if (n % 3 === 1) await updateTicket(tenant.companyId, ticket._id, { $set: { status: 'open', userId: agent.user.id as never } });
        if (n % 3 === 2) await updateTicket(tenant.companyId, ticket._id, { $set: { queueId: queues[(n + 1) % 2] as never } }, { touch: false });
      }
      moving = false;
    })();
    let walks = 0;
    const inOrder = (order: 'newest' | 'oldest') => (tickets: ListedTicket[]) => {
      const sorted = [...tickets].sort(newest);
      expect(tickets.map((ticket) => ticket.id)).to.deep.equal((order === 'oldest' ? sorted.reverse() : sorted).map((ticket) => ticket.id));
      expect(new Set(tickets.map((ticket) => ticket.id)).size, 'no ticket twice in a page').to.equal(tickets.length);
    };
    while (moving || walks < 2) {
      await pages(tenant.admin, 'status=pending&showAll=true', inOrder('newest'));
      await pages(agent, 'status=pending&order=oldest', inOrder('oldest'));
      walks += 1;
    }
    await moves;
    await expectListsExact('after the moves');
    await expectCountersExact(tenant.companyId);
  });

  it('the upgrade gives tickets of the earlier release their minute and second keys, and the lists stay exact', async () => {
    // The earlier release: day, hour and slot keys, no per-second counters.
    const db = mongoose.connection.db!;
    for (const ticket of await allTickets()) {
      const { day, hour, slot } = bucketsOf(ticket.updatedAt);
      const oldKeys = lanesOfTicket(ticket).flatMap((lane) => [day, hour, slot].map((period) => bucketKey(lane, period)));
      await db.collection('tickets').updateOne({ _id: ticket._id }, { $set: { listKeys: oldKeys } });
    }
    const perSecond = (await CounterModel.find({ companyId: tenant.companyId }).lean()).filter((doc) => /^[0-9a-z]+\.[0-9]{9}$/.test(doc.key));
    expect(perSecond.length, 'per-second counters to remove').to.be.above(0);
    await CounterModel.deleteMany({ companyId: tenant.companyId, _id: { $in: perSecond.map((doc) => doc._id) } });

    for (const round of ['first run', 'run again after a crash']) {
      await listSecondsUpgrade.run(db, () => undefined);
      for (const ticket of await allTickets()) expect(ticket.listKeys, `${round}: ticket ${String(ticket._id)}`).to.deep.equal(listKeysOf(ticket));
      await expectCountersExact(tenant.companyId);
      await expectListsExact(`after the upgrade, ${round}`);
    }
  });
});
