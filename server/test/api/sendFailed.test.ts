/**
 * A send the server gave up on (issue 30, item 4): the message says so (sendFailed, the reason as
 * an ERR_ code), live, instead of looking pending forever; and POST /messages/{id}/retry sends the
 * same message again, once, for the ticket's agent, the author or an admin only.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';

/** More failures than the sender's attempts (channels/outbound.ts MAX_ATTEMPTS): it gives up. */
const FAILURES = 100;

describe('a send the server gave up on: shown failed, retried once (issue 30)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  let queue: { id: string };
  let agent: Session & { email: string };
  let colleague: Session & { email: string };
  let stranger: Session & { email: string };
  let whatsappId: string;
  let live: Listener;

  before(async function () {
    this.timeout(60_000);
    t = await startTestApp('sendfailed', { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '10' });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    queue = await createQueue(t, tenant.admin);
    const elsewhere = await createQueue(t, tenant.admin);
    agent = await createMember(t, tenant, 'user', { queueIds: [queue.id], name: 'Ana Agent' });
    colleague = await createMember(t, tenant, 'user', { queueIds: [queue.id] });
    stranger = await createMember(t, tenant, 'user', { queueIds: [elsewhere.id] });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    live = await listen(t, agent.email, 'member-pass', 'appMessage');
  });
  after(async () => {
    await live?.client.disconnect();
    await t?.stop();
  });

  /** A customer's ticket, accepted by the agent. */
  async function openTicket(): Promise<{ number: string; ticketId: string }> {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'hello');
    const pending = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    const accepted = await t.call('PUT', `/tickets/${pending.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agent.user.id, queueId: queue.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
    return { number, ticketId: pending.id as string };
  }

  /** The agent sends a text every attempt of which fails: answers it once the server gave up. */
  async function failedSend(ticketId: string, body: string): Promise<Record<string, any>> {
    const failures = (count: number) => t.call('POST', `/sandbox/${whatsappId}/failures`, { token: tenant.admin.token, body: { count } });
    expect((await failures(FAILURES)).status).to.equal(200);
    const sent = await t.call('POST', `/messages/${ticketId}`, { token: agent.token, body: { body } });
    expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
    expect(sent.body[0]).to.include({ ack: 0, sendFailed: false });
    const id = sent.body[0].id as string;
    const failed = await eventually(
      async () => (await t.call('GET', `/messages/${ticketId}`, { token: agent.token })).body.messages.find((m: { id: string; sendFailed: boolean }) => m.id === id && m.sendFailed),
      15_000,
      'given up',
    );
    // The phone works again: what follows is the retry's.
    expect((await failures(0)).status).to.equal(200);
    return failed;
  }

  it('a message whose every attempt failed is marked failed with its reason, on the page and live', async () => {
    const { ticketId } = await openTicket();
    const failed = await failedSend(ticketId, 'will not go');
    expect(failed).to.include({ ack: 0, sendFailed: true, sendError: 'ERR_SENDING_WAPP_MSG', origin: 'agent' });
    const pushed = await waitFor(live.events, (e) => (e as any).message?.id === failed.id && (e as any).message.sendFailed === true, 5_000);
    expect((pushed as any).message.sendError).to.equal('ERR_SENDING_WAPP_MSG');
  });

  it('a retry sends the same message once: two retries at once, one is refused, the customer gets it once', async () => {
    const { number, ticketId } = await openTicket();
    const failed = await failedSend(ticketId, 'second chance');
    const [first, second] = await Promise.all([
      t.call('POST', `/messages/${failed.id}/retry`, { token: agent.token }),
      t.call('POST', `/messages/${failed.id}/retry`, { token: agent.token }),
    ]);
    const answers = [first, second].sort((a, b) => a.status - b.status);
    expect(answers[0]!.status, JSON.stringify(answers[0]!.body)).to.equal(200);
    expect(answers[0]!.body).to.include({ id: failed.id, sendFailed: false });
    expectError(answers[1]!, 409, 'ERR_MESSAGE_NOT_FAILED');

    const sent = await eventually(
      async () => (await t.call('GET', `/messages/${ticketId}`, { token: agent.token })).body.messages.find((m: { id: string; ack: number }) => m.id === failed.id && m.ack >= 1),
      10_000,
      'sent after the retry',
    );
    expect(sent).to.include({ sendFailed: false, sendError: null });
    const received = await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).filter((m) => m.body.endsWith('second chance')), 5_000, 'received');
    expect(received).to.have.length(1);
    // The conversation holds the one message, not a copy.
    const copies = (await t.call('GET', `/messages/${ticketId}`, { token: agent.token })).body.messages.filter((m: { body: string }) => m.body.endsWith('second chance'));
    expect(copies).to.have.length(1);
    // Sent: nothing more to retry.
    expectError(await t.call('POST', `/messages/${failed.id}/retry`, { token: agent.token }), 409, 'ERR_MESSAGE_NOT_FAILED');
  });

  it('only the ticket\'s agent, the author or an admin retries, in their company, while the ticket is open', async () => {
    const { ticketId } = await openTicket();
    const failed = await failedSend(ticketId, 'guarded');
    const retry = (session: Session, id = failed.id as string) => t.call('POST', `/messages/${id}/retry`, { token: session.token });
    expectError(await retry(other.admin), 404, 'ERR_NO_MESSAGE_FOUND');
    expectError(await retry(stranger), 403, 'ERR_NO_PERMISSION');
    // A colleague of the queue sees the ticket but it is not theirs.
    expectError(await retry(colleague), 403, 'ERR_NO_PERMISSION');
    expectError(await retry(agent, MISSING_ID), 404, 'ERR_NO_MESSAGE_FOUND');
    expect((await retry(agent, 'not-an-id')).status).to.equal(400);
    // A customer's message was never ours to send.
    const customer = (await t.call('GET', `/messages/${ticketId}`, { token: agent.token })).body.messages.find((m: { fromMe: boolean }) => !m.fromMe);
    expectError(await retry(agent, customer.id), 409, 'ERR_MESSAGE_NOT_FAILED');
    // Resolved: nothing goes to the customer any more.
    expect((await t.call('PUT', `/tickets/${ticketId}`, { token: agent.token, body: { status: 'closed' } })).status).to.equal(200);
    expectError(await retry(agent), 400, 'ERR_TICKET_NOT_OPEN');
    // Reopened by an admin: the admin may.
    expect((await t.call('PUT', `/tickets/${ticketId}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } })).status).to.equal(200);
    const byAdmin = await retry(tenant.admin);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).to.equal(200);
  });
});
