import { expect } from 'chai';
import mongoose from 'mongoose';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';

describe('outbound order and latency: the replies of a chat reach the customer in the order written, at once', () => {
  let t: TestApp;
  let tenant: Tenant;
  let agent: Session;
  let whatsappId: string;

  before(async () => {
    // A job poller this slow would show: nothing may wait for it.
    t = await startTestApp('outorder', { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '100', ATENDE_JOBS_PROCESS_EVERY: '30000' });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useExternalApi: true })).id });
    agent = await createMember(t, tenant, 'admin');
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
  });
  after(() => t?.stop());

  /** A customer's conversation, accepted by the agent. */
  async function openTicket(): Promise<{ number: string; ticketId: string }> {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'hello');
    const pending = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'ticket');
    const accepted = await t.call('PUT', `/tickets/${pending.id}`, { token: agent.token, body: { status: 'open', userId: agent.user.id } });
    expect(accepted.status).to.equal(200);
    return { number, ticketId: pending.id as string };
  }

  async function received(number: string, count: number): Promise<string[]> {
    const outbox = await eventually(async () => {
      const messages = await outboxOf(t, tenant.admin, whatsappId, number);
      return messages.length >= count && messages;
    }, 10_000, `${count} messages received`);
    return outbox.map((message) => message.body);
  }

  async function writtenOrder(ticketId: string): Promise<string[]> {
    const history = await t.call('GET', `/messages/${ticketId}`, { token: agent.token });
    return (history.body.messages as { body: string; fromMe: boolean }[]).filter((message) => message.fromMe).map((message) => message.body);
  }

  it('quick replies one after another arrive in that order, all within a couple of seconds', async () => {
    const { number, ticketId } = await openTicket();
    const bodies = Array.from({ length: 8 }, (_, i) => `reply ${i + 1}`);
    const started = Date.now();
    for (const body of bodies) expect((await t.call('POST', `/messages/${ticketId}`, { token: agent.token, body: { body } })).status).to.equal(201);
    expect(await received(number, bodies.length)).to.deep.equal(bodies);
    expect(Date.now() - started).to.be.below(3_000);
  });

  it('a single reply is delivered in well under a second', async () => {
    const { number, ticketId } = await openTicket();
    const started = Date.now();
    expect((await t.call('POST', `/messages/${ticketId}`, { token: agent.token, body: { body: 'right away' } })).status).to.equal(201);
    await received(number, 1);
    expect(Date.now() - started).to.be.below(1_000);
  });

  it('replies sent at the same moment arrive in the order the conversation shows them', async () => {
    const { number, ticketId } = await openTicket();
    const bodies = Array.from({ length: 10 }, (_, i) => `burst ${i + 1}`);
    const answers = await Promise.all(bodies.map((body) => t.call('POST', `/messages/${ticketId}`, { token: agent.token, body: { body } })));
    expect(answers.map((answer) => answer.status)).to.deep.equal(bodies.map(() => 201));
    const delivered = await received(number, bodies.length);
    expect(delivered).to.deep.equal(await writtenOrder(ticketId));
    expect([...delivered].sort()).to.deep.equal([...bodies].sort());
  });

  it('`send` API calls one after another arrive in order', async () => {
    const token = (await t.call('GET', `/whatsapp/${whatsappId}`, { token: tenant.admin.token })).body.token as string;
    const number = customerNumber();
    const bodies = Array.from({ length: 6 }, (_, i) => `notice ${i + 1}`);
    for (const body of bodies) expect((await t.call('POST', '/messages/send', { token, body: { number, body } })).status).to.equal(200);
    expect(await received(number, bodies.length)).to.deep.equal(bodies);
  });

  it('a failing send holds the later ones back: after its retries all arrive once, in order', async () => {
    const { number, ticketId } = await openTicket();
    expect((await t.call('POST', `/sandbox/${whatsappId}/failures`, { token: tenant.admin.token, body: { count: 3 } })).status).to.equal(200);
    const bodies = ['first (fails 3 times)', 'second', 'third'];
    for (const body of bodies) expect((await t.call('POST', `/messages/${ticketId}`, { token: agent.token, body: { body } })).status).to.equal(201);
    expect(await received(number, bodies.length)).to.deep.equal(bodies);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outboxOf(t, tenant.admin, whatsappId, number)).map((message) => message.body)).to.deep.equal(bodies);
    const history = await t.call('GET', `/messages/${ticketId}`, { token: agent.token });
    const first = (history.body.messages as { body: string; ack: number }[]).find((message) => message.body === bodies[0]);
    expect(first?.ack).to.be.at.least(1);
  });

  it('keeps the job collection small: sends leave no job behind', async () => {
    const jobs = await mongoose.connection.db!.collection('agendaJobs').find({}, { projection: { name: 1, nextRunAt: 1, repeatInterval: 1 } }).toArray();
    // Only the recurring jobs (timers, health, campaign and list sweeps, invoices), once each.
    expect(jobs.filter((job) => !job.nextRunAt || !job.repeatInterval), JSON.stringify(jobs)).to.deep.equal([]);
    expect(new Set(jobs.map((job) => job.name)).size).to.equal(jobs.length);
  });
});
