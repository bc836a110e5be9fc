import { expect } from 'chai';
import { Types } from 'mongoose';
import { updateTicket } from '../../src/domains/tickets/writer.js';
import { TicketModel } from '../../src/domains/tickets/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTenant, loginSuper, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';

describe('ticket timers: expiry, queue auto-transfer, chatbot time limit', () => {
  let t: TestApp;
  let tenant: Tenant;

  before(async () => {
    t = await startTestApp('timers', { ATENDE_SANDBOX_ACK_MS: '20' });
    const superUser = await loginSuper(t);
    const plan = await t.call('POST', '/plans', { token: superUser.token, body: { name: 'Timers', users: 5, connections: 5, queues: 5 } });
    tenant = await createTenant(t, superUser, { planId: plan.body.id });
  });
  after(() => t?.stop());

  async function pendingTicket(whatsappId: string): Promise<{ number: string; ticket: Record<string, any> }> {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'hello');
    return { number, ticket: await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'ticket') };
  }

  const back = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  // createdAt is immutable for mongoose: the driver moves it back in time.
  const ageTicket = (id: string, minutes: number) => TicketModel.collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: { createdAt: back(minutes) } });

  it('closes an open ticket after expiresTicket minutes of customer silence, with the inactivity message', async () => {
    const whatsappId = (await sandboxConnection(t, tenant.admin, { expiresTicket: 30, expiresInactiveMessage: 'Closed for inactivity.' })).id;
    const { number, ticket } = await pendingTicket(whatsappId);
    await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } });
    const fresh = await pendingTicket(whatsappId);
    await t.call('PUT', `/tickets/${fresh.ticket.id}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } });
    await updateTicket(tenant.companyId, ticket.id, { $set: { lastInteractionAt: back(31) } }, { touch: false });

    expect(await t.app.inbox.timers.sweep()).to.equal(1);
    expect((await t.call('GET', `/tickets/${ticket.id}`, { token: tenant.admin.token })).body.status).to.equal('closed');
    expect((await t.call('GET', `/tickets/${fresh.ticket.id}`, { token: tenant.admin.token })).body.status).to.equal('open');
    await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).some((m) => m.body === 'Closed for inactivity.'), 5_000, 'inactivity message');
  });

  it('moves a ticket waiting without a queue to transferQueueId after timeToTransfer minutes', async () => {
    const queue = await createQueue(t, tenant.admin);
    const whatsappId = (await sandboxConnection(t, tenant.admin, { timeToTransfer: 10, transferQueueId: queue.id })).id;
    const { ticket } = await pendingTicket(whatsappId);
    expect(await t.app.inbox.timers.sweep()).to.equal(0);
    await ageTicket(ticket.id, 11);
    expect(await t.app.inbox.timers.sweep()).to.equal(1);
    expect((await t.call('GET', `/tickets/${ticket.id}`, { token: tenant.admin.token })).body).to.include({ status: 'pending', queueId: queue.id });
  });

  it('stops the queue chatbot after timeUseBotQueues minutes', async () => {
    const queues = [await createQueue(t, tenant.admin), await createQueue(t, tenant.admin)];
    const whatsappId = (await sandboxConnection(t, tenant.admin, { timeUseBotQueues: 5, queueIds: queues.map((q) => q.id), greetingMessage: 'Pick one' })).id;
    const { ticket } = await pendingTicket(whatsappId);
    const botting = await eventually(async () => (await t.call('GET', `/tickets/${ticket.id}`, { token: tenant.admin.token })).body.chatbot === true, 5_000, 'chatbot on');
    expect(botting).to.equal(true);
    await ageTicket(ticket.id, 6);
    expect(await t.app.inbox.timers.sweep()).to.equal(1);
    expect((await t.call('GET', `/tickets/${ticket.id}`, { token: tenant.admin.token })).body.chatbot).to.equal(false);
  });
});
