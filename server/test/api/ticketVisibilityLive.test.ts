/**
 * A list and its live updates never disagree (issue 22): each agent's list, built from the
 * server's first pages and then kept by the pushes of the ticket and appMessage channels with the
 * shared rule (as the web console and the terminal inbox keep theirs), equals the server's list
 * after every step of a ticket's life; an agent the ticket leaves is told to drop it, and learns
 * nothing else about it.
 */
import { expect } from 'chai';
import { ticketInList, ticketViewerOf, type Ticket, type TicketStatus, type TicketViewer } from '@atende/shared';
import { createApiClient, createRealtimeClient, memorySession, type RealtimeClient, type RealtimeEvent } from '@atende/shared/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { settle, waitFor } from '../support/realtimeFixtures.js';

const STATUSES: TicketStatus[] = ['open', 'pending', 'closed'];

interface LiveList {
  name: string;
  session: Session & { email: string };
  viewer: TicketViewer;
  tickets: Map<string, Ticket>;
  /** What the user's one socket received on both channels, in order. */
  events: { channel: string; event: RealtimeEvent }[];
  client: RealtimeClient;
  applied: number;
}

describe('ticket visibility: lists and their live updates agree for every profile', function () {
  this.timeout(60_000);
  let t: TestApp;
  let tenant: Tenant;
  let queueA: { id: string };
  let queueB: { id: string };
  let whatsappId: string;
  let lists: LiveList[];
  const sessions: Record<string, Session & { email: string }> = {};

  async function page(session: Session, status: TicketStatus): Promise<Ticket[]> {
    const answer = await t.call('GET', `/tickets?status=${status}&showAll=true`, { token: session.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body.tickets;
  }

  async function liveList(name: string, session: Session & { email: string }, password: string): Promise<LiveList> {
    const user = await t.call('GET', `/users/${session.user.id}`, { token: tenant.admin.token });
    const tickets = new Map<string, Ticket>();
    for (const status of STATUSES) for (const ticket of await page(session, status)) tickets.set(ticket.id, ticket);
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: session.email, password });
    const client = createRealtimeClient({ baseUrl: t.url, api });
    await client.connect();
    const events: LiveList['events'] = [];
    for (const channel of ['ticket', 'appMessage']) await client.subscribe(channel, (event) => events.push({ channel, event }));
    return { name, session, viewer: ticketViewerOf(user.body), tickets, events, client, applied: 0 };
  }

  /** What the console does with a push: drop a deleted ticket, place an updated one by the rule. */
  function place(list: LiveList, ticket: Ticket): void {
    const listed = STATUSES.some((status) => ticketInList(ticket, { status, showAll: true }, list.viewer));
    if (listed) list.tickets.set(ticket.id, ticket);
    else list.tickets.delete(ticket.id);
  }

  function applyPushes(list: LiveList): void {
    for (const { channel, event } of list.events.splice(0)) {
      list.applied++;
      if (channel === 'ticket' && event.action === 'delete') list.tickets.delete(String(event.ticketId));
      else if (event.ticket && (event.action === 'update' || event.action === 'create')) place(list, event.ticket as Ticket);
    }
  }

  async function expectListsAgree(step: string): Promise<void> {
    await settle(400);
    for (const list of lists) {
      applyPushes(list);
      const server = new Set<string>();
      for (const status of STATUSES) for (const ticket of await page(list.session, status)) server.add(ticket.id);
      expect([...list.tickets.keys()].sort(), `${step}: ${list.name}'s live list`).to.deep.equal([...server].sort());
    }
  }

  before(async () => {
    t = await startTestApp('visibility', { ATENDE_SANDBOX_ACK_MS: '20' });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 10 })).id });
    queueA = await createQueue(t, tenant.admin);
    queueB = await createQueue(t, tenant.admin);
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    sessions.ana = await createMember(t, tenant, 'user', { queueIds: [queueA.id] });
    sessions.bia = await createMember(t, tenant, 'user', { queueIds: [queueA.id] });
    sessions.caio = await createMember(t, tenant, 'user', { queueIds: [queueB.id] });
    sessions.dora = await createMember(t, tenant, 'user', { queueIds: [queueB.id], allTicket: 'enabled' });
    sessions.supervisor = await createMember(t, tenant, 'supervisor', { queueIds: [queueA.id, queueB.id] });
    lists = await Promise.all(Object.entries(sessions).map(([name, session]) => liveList(name, session, 'member-pass')));
  });
  after(async () => {
    for (const list of lists ?? []) await list.client.disconnect();
    await t?.stop();
  });

  it('through a ticket\'s life: arrival, queue, accept, transfers between agents and queues, resolve, a new message', async () => {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'Hello there');
    const ticket = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    await expectListsAgree('a queueless pending ticket');
    const update = async (session: Session, body: Record<string, unknown>, step: string) => {
      const answer = await t.call('PUT', `/tickets/${ticket.id}`, { token: session.token, body });
      expect(answer.status, `${step}: ${JSON.stringify(answer.body)}`).to.equal(200);
      await expectListsAgree(step);
    };
    await update(tenant.admin, { queueId: queueA.id }, 'queue A picked');
    await update(sessions.ana!, { status: 'open', userId: sessions.ana!.user.id }, 'accepted by Ana');
    await customerSays(t, tenant.admin, whatsappId, number, 'Are you there?');
    await expectListsAgree('a customer message on Ana\'s ticket');
    await update(sessions.ana!, { userId: sessions.bia!.user.id, queueId: queueA.id }, 'Ana transfers to Bia');
    await update(sessions.bia!, { userId: sessions.caio!.user.id, queueId: queueB.id }, 'Bia transfers to Caio in queue B');
    await update(sessions.caio!, { status: 'closed', userId: sessions.caio!.user.id, queueId: queueB.id }, 'Caio resolves');
    await update(tenant.admin, { status: 'pending', userId: null, queueId: null }, 'back to a queueless pending');
    for (const list of lists) expect(list.applied, `${list.name} heard pushes`).to.be.greaterThan(0);
  });

  it('tells an agent the ticket left to drop it, without its contents, and nobody who never saw it', async () => {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'A private matter');
    const ticket = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    const ana = lists.find((list) => list.name === 'ana')!;
    const caio = lists.find((list) => list.name === 'caio')!;
    expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open', userId: sessions.ana!.user.id, queueId: queueA.id } })).status).to.equal(200);
    await expectListsAgree('given to Ana');
    expect(ana.tickets.has(ticket.id)).to.equal(true);
    expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { userId: sessions.caio!.user.id, queueId: queueB.id } })).status).to.equal(200);
    const dropped = (await waitFor(ana.events, ({ channel, event }) => channel === 'ticket' && event.ticketId === ticket.id)).event;
    expect(dropped.action).to.equal('delete');
    expect(JSON.stringify(dropped)).not.to.include('private matter');
    expect(dropped.ticket).to.deep.equal({ id: ticket.id, userId: sessions.ana!.user.id, queueId: queueA.id });
    await waitFor(caio.events, ({ event }) => event.action === 'update' && (event.ticket as Ticket).id === ticket.id);
    await expectListsAgree('moved to Caio');
    expect(ana.tickets.has(ticket.id)).to.equal(false);
    expect(caio.tickets.has(ticket.id)).to.equal(true);
    // A message on it now reaches neither Ana's sockets nor a drop again.
    await customerSays(t, tenant.admin, whatsappId, number, 'Still private');
    await settle(400);
    expect(ana.events.filter(({ event }) => event.ticketId === ticket.id || (event.ticket as Ticket | undefined)?.id === ticket.id)).to.deep.equal([]);
    await expectListsAgree('a message after the move');
  });
});
