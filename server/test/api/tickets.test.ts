import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';

describe('tickets: inbound, list, transitions and their side effects', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let queueA: { id: string; name: string };
  let queueB: { id: string; name: string };
  let agentA: Session & { email: string };
  let agentB: Session & { email: string };
  let whatsappId: string;

  before(async () => {
    t = await startTestApp('tickets', { ATENDE_SANDBOX_ACK_MS: '20' });
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    queueA = await createQueue(t, tenant.admin, { greetingMessage: 'Queue A here' });
    queueB = await createQueue(t, tenant.admin, { greetingMessage: 'Queue B here' });
    agentA = await createMember(t, tenant, 'user', { queueIds: [queueA.id] });
    agentB = await createMember(t, tenant, 'user', { queueIds: [queueB.id] });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
  });
  after(() => t?.stop());

  async function setting(key: string, value: string): Promise<void> {
    expect((await t.call('PUT', `/settings/${key}`, { token: tenant.admin.token, body: { value } })).status).to.equal(200);
  }

  async function newPendingTicket(body = 'Hello, I need help'): Promise<{ number: string; ticket: Record<string, any> }> {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, body);
    const ticket = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    return { number, ticket };
  }

  describe('a customer writes', () => {
    it('creates the contact and a pending ticket with the message, unread and last message', async () => {
      const { number, ticket } = await newPendingTicket('First message');
      expect(ticket).to.include({ status: 'pending', unreadMessages: 1, lastMessage: 'First message', userId: null, whatsappId });
      expect(ticket.contact).to.include({ number });
      const messages = await t.call('GET', `/messages/${ticket.id}`, { token: tenant.admin.token });
      expect(messages.status).to.equal(200);
      expect(messages.body.messages.map((m: { body: string }) => m.body)).to.deep.equal(['First message']);
      expect(messages.body.messages[0]).to.include({ fromMe: false, mediaType: 'chat' });
    });

    it('stores nothing twice for the same provider message id', async () => {
      const number = customerNumber();
      await customerSays(t, tenant.admin, whatsappId, number, 'once', { providerMessageId: 'dup-1' });
      await customerSays(t, tenant.admin, whatsappId, number, 'once', { providerMessageId: 'dup-1' });
      const ticket = await eventually(() => ticketOf(t, tenant.admin, number), 5_000, 'ticket');
      const messages = await t.call('GET', `/messages/${ticket.id}`, { token: tenant.admin.token });
      expect(messages.body.messages).to.have.length(1);
      expect(ticket.unreadMessages).to.equal(1);
    });

    it('a burst of messages from a new customer opens one ticket', async () => {
      const number = customerNumber();
      await Promise.all(['a', 'b', 'c', 'd'].map((body) => customerSays(t, tenant.admin, whatsappId, number, body)));
      const list = await t.call('GET', `/tickets?showAll=true&searchParam=${number}`, { token: tenant.admin.token });
      expect(list.body.tickets).to.have.length(1);
      expect(list.body.tickets[0].unreadMessages).to.equal(4);
    });
  });

  describe('GET /tickets', () => {
    it('filters by status, queue, user and unread, newest activity first', async () => {
      const { ticket } = await newPendingTicket();
      const accepted = await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agentA.user.id, queueId: queueA.id } });
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      const byQueue = await t.call('GET', `/tickets?showAll=true&queueIds=${encodeURIComponent(JSON.stringify([queueA.id]))}`, { token: tenant.admin.token });
      expect(byQueue.body.tickets.map((x: { id: string }) => x.id)).to.include(ticket.id);
      // Queueless tickets stay in an admin's show-all list whatever queues are picked (the console's live rule).
      expect(byQueue.body.tickets.every((x: { queueId: string | null }) => x.queueId === queueA.id || x.queueId === null)).to.equal(true);
      const byUser = await t.call('GET', `/tickets?showAll=true&users=${encodeURIComponent(JSON.stringify([agentA.user.id]))}`, { token: tenant.admin.token });
      expect(byUser.body.tickets.map((x: { id: string }) => x.id)).to.deep.equal([ticket.id]);
      const open = await t.call('GET', '/tickets?showAll=true&status=open', { token: tenant.admin.token });
      expect(open.body.tickets.every((x: { status: string }) => x.status === 'open')).to.equal(true);
      const unread = await t.call('GET', '/tickets?showAll=true&withUnreadMessages=true', { token: tenant.admin.token });
      expect(unread.body.tickets.every((x: { unreadMessages: number }) => x.unreadMessages > 0)).to.equal(true);
      const all = (await t.call('GET', '/tickets?showAll=true', { token: tenant.admin.token })).body.tickets as { updatedAt: string }[];
      expect(all.map((x) => x.updatedAt)).to.deep.equal([...all.map((x) => x.updatedAt)].sort().reverse());
    });

    it('searches contact names, numbers and message bodies', async () => {
      const { number, ticket } = await newPendingTicket('my order zebra-42 is late');
      for (const search of ['zebra-42', number.slice(-6)]) {
        const answer = await t.call('GET', `/tickets?showAll=true&searchParam=${encodeURIComponent(search)}`, { token: tenant.admin.token });
        expect(answer.body.tickets.map((x: { id: string }) => x.id), search).to.include(ticket.id);
      }
    });

    it('a non-admin sees only tickets of their queues and their own', async () => {
      const { ticket } = await newPendingTicket();
      await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { queueId: queueB.id, userId: null } });
      const forA = await t.call('GET', '/tickets?showAll=true', { token: agentA.token });
      const forB = await t.call('GET', '/tickets?showAll=true', { token: agentB.token });
      expect(forA.body.tickets.map((x: { id: string }) => x.id)).not.to.include(ticket.id);
      expect(forB.body.tickets.map((x: { id: string }) => x.id)).to.include(ticket.id);
      expectError(await t.call('GET', `/tickets/${ticket.id}`, { token: agentA.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/tickets/${ticket.id}`, { token: agentA.token, body: { status: 'open' } }), 403, 'ERR_NO_PERMISSION');
    });

    it('validates the filters', async () => {
      expectInvalid(await t.call('GET', '/tickets?status=done', { token: tenant.admin.token }), 'status');
      expectInvalid(await t.call('GET', '/tickets?queueIds=notjson', { token: tenant.admin.token }), 'queueIds');
      expectInvalid(await t.call('GET', '/tickets?date=22-11-2026', { token: tenant.admin.token }), 'date');
    });

    it('another company sees none of these tickets', async () => {
      const { ticket } = await newPendingTicket();
      expect((await t.call('GET', '/tickets?showAll=true', { token: other.admin.token })).body.tickets).to.deep.equal([]);
      expectError(await t.call('GET', `/tickets/${ticket.id}`, { token: other.admin.token }), 404, 'ERR_NO_TICKET_FOUND');
    });

    it('finds a ticket by uuid and by /tickets/u/{id}, its contact with the extra information', async () => {
      const { ticket } = await newPendingTicket();
      const edited = await t.call('PUT', `/contacts/${ticket.contactId}`, { token: tenant.admin.token, body: { name: 'Customer', number: ticket.contact.number, extraInfo: [{ name: 'CPF', value: '123.456.789-00' }] } });
      expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
      const found = await t.call('GET', `/tickets/${ticket.uuid}`, { token: tenant.admin.token });
      expect(found.body.id).to.equal(ticket.id);
      expect(found.body.contact.extraInfo.map((info: { name: string; value: string }) => [info.name, info.value])).to.deep.equal([['CPF', '123.456.789-00']]);
      expect((await t.call('GET', `/tickets/u/${ticket.id}`, { token: tenant.admin.token })).body.uuid).to.equal(ticket.uuid);
    });
  });

  describe('transitions (document 1 section 4)', () => {
    it('accept -> reply -> return -> transfer -> resolve -> reopen, with their messages', async () => {
      await setting('sendGreetingAccepted', 'enabled');
      await setting('sendMsgTransfTicket', 'enabled');
      const { number, ticket } = await newPendingTicket();

      const pendingSend = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'too early' } });
      expect(pendingSend.status).to.be.oneOf([400, 403]);

      const accepted = await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agentA.user.id } });
      expect(accepted.body).to.include({ status: 'open', userId: agentA.user.id });
      await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).some((m) => m.body.includes('Member user')), 5_000, 'greeting on accept');

      const sent = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'Hi {{firstName}}, protocol {{protocol}}' } });
      expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
      const reply = await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).find((m) => m.body.startsWith('Hi Customer')), 5_000, 'reply');
      expect(reply.body).to.match(/^Hi Customer, protocol \d{14}[0-9A-F]{4}$/);
      await eventually(async () => {
        const page = await t.call('GET', `/messages/${ticket.id}`, { token: agentA.token });
        return page.body.messages.find((m: { body: string; ack: number }) => m.body.startsWith('Hi Customer') && m.ack >= 2);
      }, 5_000, 'ack progress');

      const returned = await t.call('PUT', `/tickets/${ticket.id}`, { token: agentA.token, body: { status: 'pending' } });
      expect(returned.body).to.include({ status: 'pending', userId: null });

      const transferred = await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { queueId: queueB.id, userId: null } });
      expect(transferred.body).to.include({ status: 'pending', queueId: queueB.id, userId: null });
      await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).some((m) => m.body.includes(queueB.name)), 5_000, 'transfer message');

      const toUser = await t.call('PUT', `/tickets/${ticket.id}`, { token: agentB.token, body: { userId: agentB.user.id, queueId: queueB.id } });
      expect(toUser.body).to.include({ userId: agentB.user.id, queueId: queueB.id });

      const resolved = await t.call('PUT', `/tickets/${ticket.id}`, {
        token: agentB.token,
        body: { status: 'closed', userId: agentB.user.id, queueId: queueB.id, useIntegration: false, promptId: false, integrationId: false },
      });
      expect(resolved.body).to.include({ status: 'closed', useIntegration: false, promptId: null, integrationId: null });
      const closedSend = await t.call('POST', `/messages/${ticket.id}`, { token: agentB.token, body: { body: 'after close' } });
      expectError(closedSend, 400, 'ERR_TICKET_NOT_OPEN');

      const reopened = await t.call('PUT', `/tickets/${ticket.id}`, { token: agentB.token, body: { status: 'open', userId: agentB.user.id, queueId: queueB.id } });
      expect(reopened.body).to.include({ status: 'open', userId: agentB.user.id });
      await setting('sendGreetingAccepted', 'disabled');
      await setting('sendMsgTransfTicket', 'disabled');
    });

    it('resolve asks for a rating when userRating is enabled; a 1..3 answer is stored and thanked', async () => {
      await setting('userRating', 'enabled');
      const { number, ticket } = await newPendingTicket();
      await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agentA.user.id } });
      await t.call('PUT', `/tickets/${ticket.id}`, { token: agentA.token, body: { status: 'closed' } });
      await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).some((m) => /1 .* 3|1 to 3|1 a 3/.test(m.body)), 5_000, 'rating request');
      await customerSays(t, tenant.admin, whatsappId, number, '3');
      await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).some((m) => /Obrigado|Thank/.test(m.body)), 5_000, 'thanks');
      const after = await t.call('GET', `/tickets/${ticket.id}`, { token: tenant.admin.token });
      expect(after.body.status).to.equal('closed');
      // The next message is a new conversation.
      await customerSays(t, tenant.admin, whatsappId, number, 'new subject');
      const next = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'new ticket');
      expect(next.id).not.to.equal(ticket.id);
      await setting('userRating', 'disabled');
    });

    it('validates the payload and the ids', async () => {
      const { ticket } = await newPendingTicket();
      expectInvalid(await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'archived' } }), 'status');
      expectInvalid(await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: {} }), 'payload');
      expectError(await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { queueId: MISSING_ID } }), 404, 'ERR_NO_QUEUE_FOUND');
      expectError(await t.call('PUT', `/tickets/${MISSING_ID}`, { token: tenant.admin.token, body: { status: 'open' } }), 404, 'ERR_NO_TICKET_FOUND');
      expect((await t.call('PUT', '/tickets/nope', { token: tenant.admin.token, body: { status: 'open' } })).status).to.equal(400);
    });
  });

  describe('POST /tickets and DELETE /tickets/{id}', () => {
    it('opens a ticket for a contact; a second one answers ERR_OTHER_OPEN_TICKET with the ticket, user and queue', async () => {
      const { number, ticket } = await newPendingTicket();
      const contactId = ticket.contactId as string;
      await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'closed' } });
      const created = await t.call('POST', '/tickets', { token: agentA.token, body: { contactId, queueId: queueA.id, whatsappId, status: 'open' } });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      expect(created.body).to.include({ status: 'open', userId: agentA.user.id, queueId: queueA.id, contactId });
      const again = await t.call('POST', '/tickets', { token: tenant.admin.token, body: { contactId, queueId: queueA.id, whatsappId } });
      expectError(again, 409, 'ERR_OTHER_OPEN_TICKET');
      expect(again.body.ticket.id).to.equal(created.body.id);
      expect(again.body.user).to.deep.equal({ id: agentA.user.id, name: 'Member user' });
      expect(again.body.queue).to.deep.equal({ id: queueA.id, name: queueA.name });
      expect(number).to.be.a('string');
    });

    it("a user who may not see the other open ticket learns only who has it and in which queue, not the conversation", async () => {
      const { ticket } = await newPendingTicket('Private matter');
      const contactId = ticket.contactId as string;
      expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agentB.user.id, queueId: queueB.id } })).status).to.equal(200);
      const refused = await t.call('POST', '/tickets', { token: agentA.token, body: { contactId, queueId: queueA.id, whatsappId } });
      expectError(refused, 409, 'ERR_OTHER_OPEN_TICKET');
      expect(refused.body.ticket).to.deep.equal({ id: ticket.id, uuid: ticket.uuid, status: 'open', userId: agentB.user.id, queueId: queueB.id });
      expect(refused.body.user).to.deep.equal({ id: agentB.user.id, name: 'Member user' });
      expect(refused.body.queue).to.deep.equal({ id: queueB.id, name: queueB.name });
      expect(JSON.stringify(refused.body)).not.to.contain('Private matter');
      // Someone who may see it gets the whole ticket.
      const seen = await t.call('POST', '/tickets', { token: tenant.admin.token, body: { contactId, queueId: queueA.id, whatsappId } });
      expectError(seen, 409, 'ERR_OTHER_OPEN_TICKET');
      expect(seen.body.ticket).to.include({ id: ticket.id, lastMessage: 'Private matter' });
    });

    it('a non-admin must pick one of their queues; the contact must be of the company', async () => {
      const { ticket } = await newPendingTicket();
      await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'closed' } });
      expectInvalid(await t.call('POST', '/tickets', { token: agentA.token, body: { contactId: ticket.contactId } }), 'queueId');
      expectError(await t.call('POST', '/tickets', { token: agentA.token, body: { contactId: ticket.contactId, queueId: queueB.id } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('POST', '/tickets', { token: other.admin.token, body: { contactId: ticket.contactId } }), 404, 'ERR_NO_CONTACT_FOUND');
    });

    it('delete is for admins and removes the messages', async () => {
      const { ticket } = await newPendingTicket();
      await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agentA.user.id, queueId: queueA.id } });
      expectError(await t.call('DELETE', `/tickets/${ticket.id}`, { token: agentA.token }), 403, 'ERR_NO_PERMISSION');
      expect((await t.call('DELETE', `/tickets/${ticket.id}`, { token: tenant.admin.token })).status).to.equal(204);
      expectError(await t.call('GET', `/messages/${ticket.id}`, { token: tenant.admin.token }), 404, 'ERR_NO_TICKET_FOUND');
    });
  });
});
