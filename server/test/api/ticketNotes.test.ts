import { expect } from 'chai';
import { Types } from 'mongoose';
import { createApiClient, memorySession } from '@atende/shared/client';
import { NOTE_MAX } from '@atende/shared';
import { UserModel } from '../../src/domains/users/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createContact, insertTicket, type ContactAnswer } from '../support/contactFixtures.js';
import { listen, settle, waitFor, type Listener } from '../support/realtimeFixtures.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';

describe('ticket notes', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  /** Works queue A. */
  let agent: Session & { email: string };
  /** Works queue B only. */
  let outsider: Session & { email: string };
  let contact: ContactAnswer;
  let ticketId: string;
  let live: Listener;
  let otherLive: Listener;
  const queueA = new Types.ObjectId();
  const queueB = new Types.ObjectId();

  async function setQueues(session: Session, queueIds: Types.ObjectId[], allTicket: 'enabled' | 'desabled' = 'desabled') {
    await UserModel.updateOne({ _id: session.user.id, companyId: tenant.companyId }, { $set: { queueIds, allTicket } });
  }

  before(async () => {
    t = await startTestApp('ticketNotes');
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    agent = await createMember(t, tenant, 'user');
    outsider = await createMember(t, tenant, 'user');
    await setQueues(agent, [queueA]);
    await setQueues(outsider, [queueB]);
    contact = await createContact(t, tenant.admin);
    ticketId = String((await insertTicket(tenant.companyId, contact.id, { queueId: queueA }))._id);
    live = await listen(t, tenant.adminEmail, tenant.password, 'ticketNote');
    otherLive = await listen(t, other.adminEmail, other.password, 'ticketNote');
  });
  after(async () => {
    await live?.client.disconnect();
    await otherLive?.client.disconnect();
    await t?.stop();
  });

  const addNote = (session: Session, note: string, body: Record<string, unknown> = {}) =>
    t.call('POST', '/ticket-notes', { token: session.token, body: { ticketId, contactId: contact.id, note, ...body } });

  describe('POST /ticket-notes', () => {
    it("adds a note signed by its author and pushes it only to those who see the ticket, in the company only", async () => {
      const agentLive = await listen(t, agent.email, 'member-pass', 'ticketNote');
      const outsiderLive = await listen(t, outsider.email, 'member-pass', 'ticketNote');
      const answer = await addNote(agent, '  Customer prefers e-mail  ');
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ ticketId, contactId: contact.id, userId: agent.user.id, note: 'Customer prefers e-mail' });
      expect(answer.body.user).to.deep.equal({ id: agent.user.id, name: 'Member user' });
      const event = await waitFor(live.events, (e) => e.action === 'create' && (e.note as { id: string }).id === answer.body.id);
      expect((event.note as { note: string }).note).to.equal('Customer prefers e-mail');
      await waitFor(agentLive.events, (e) => e.action === 'create' && (e.note as { id: string }).id === answer.body.id);
      await settle(100);
      expect(otherLive.events).to.deep.equal([]);
      expect(outsiderLive.events).to.deep.equal([]);
      await agentLive.client.disconnect();
      await outsiderLive.client.disconnect();
    });

    it('validates the note (2..2000 characters) and the ids', async () => {
      expectInvalid(await addNote(agent, 'x'), 'note');
      expectInvalid(await addNote(agent, '  x  '), 'note');
      expectInvalid(await addNote(agent, 'x'.repeat(NOTE_MAX + 1)), 'note');
      expect((await addNote(agent, 'ok')).status).to.equal(201);
      expectInvalid(await addNote(agent, 'fine', { ticketId: undefined }), 'ticketId');
      expectInvalid(await addNote(agent, 'fine', { contactId: 'nope' }), 'contactId');
      expectInvalid(await addNote(agent, 'fine', { userId: agent.user.id }), 'userId');
    });

    it("needs a ticket and contact of the company, the contact being the ticket's", async () => {
      expectError(await addNote(agent, 'lost', { ticketId: MISSING_ID }), 404, 'ERR_NO_TICKET_FOUND');
      expectError(await addNote(agent, 'lost', { contactId: MISSING_ID }), 404, 'ERR_NO_CONTACT_FOUND');
      const someoneElse = await createContact(t, tenant.admin);
      expectInvalid(await addNote(agent, 'mixed up', { contactId: someoneElse.id }), 'contactId');
      const foreign = await createContact(t, other.admin);
      const foreignTicket = await insertTicket(other.companyId, foreign.id);
      expectError(await addNote(agent, 'spy', { ticketId: String(foreignTicket._id), contactId: foreign.id }), 404, 'ERR_NO_TICKET_FOUND');
      expectError(await addNote(agent, 'spy', { contactId: foreign.id }), 404, 'ERR_NO_CONTACT_FOUND');
    });

    it("follows the inbox's visibility: a user outside the ticket's queue gets 403, unless the ticket is theirs", async () => {
      expectError(await addNote(outsider, 'not my queue'), 403, 'ERR_NO_PERMISSION');
      const own = await insertTicket(tenant.companyId, contact.id, { queueId: queueA, userId: outsider.user.id, status: 'closed' });
      expect((await addNote(outsider, 'my own ticket', { ticketId: String(own._id) })).status).to.equal(201);
      const queueless = await insertTicket(tenant.companyId, contact.id, { status: 'closed' });
      expectError(await addNote(outsider, 'no queue', { ticketId: String(queueless._id) }), 403, 'ERR_NO_PERMISSION');
      await setQueues(outsider, [queueB], 'enabled');
      expect((await addNote(outsider, 'no queue', { ticketId: String(queueless._id) })).status).to.equal(201);
      await setQueues(outsider, [queueB]);
      expect((await addNote(tenant.admin, 'admins see all')).status).to.equal(201);
    });
  });

  describe('GET /ticket-notes/list', () => {
    let listTicket: string;
    before(async () => {
      listTicket = String((await insertTicket(tenant.companyId, contact.id, { queueId: queueA, status: 'closed' }))._id);
      for (const note of ['first', 'second', 'third']) {
        expect((await addNote(agent, note, { ticketId: listTicket })).status).to.equal(201);
        await settle(15);
      }
      expect((await addNote(tenant.admin, 'fourth by admin', { ticketId: listTicket })).status).to.equal(201);
    });

    it("answers the ticket's notes newest first, each with its author", async () => {
      const answer = await t.call('GET', `/ticket-notes/list?ticketId=${listTicket}&contactId=${contact.id}`, { token: agent.token });
      expect(answer.status).to.equal(200);
      expect(answer.body.map((n: { note: string }) => n.note)).to.deep.equal(['fourth by admin', 'third', 'second', 'first']);
      expect(answer.body[0].user.id).to.equal(tenant.admin.user.id);
      expect(answer.body[1].user).to.deep.equal({ id: agent.user.id, name: 'Member user' });
      const byTicketOnly = await t.call('GET', `/ticket-notes/list?ticketId=${listTicket}`, { token: agent.token });
      expect(byTicketOnly.body).to.have.length(4);
      const otherContact = await createContact(t, tenant.admin);
      expect((await t.call('GET', `/ticket-notes/list?ticketId=${listTicket}&contactId=${otherContact.id}`, { token: agent.token })).body).to.deep.equal([]);
    });

    it('validates the query, hides other companies and tickets outside the user’s queues', async () => {
      expectInvalid(await t.call('GET', '/ticket-notes/list', { token: agent.token }), 'ticketId');
      expectInvalid(await t.call('GET', `/ticket-notes/list?ticketId=${listTicket}&contactId=x`, { token: agent.token }), 'contactId');
      expectError(await t.call('GET', `/ticket-notes/list?ticketId=${listTicket}`, { token: other.admin.token }), 404, 'ERR_NO_TICKET_FOUND');
      expectError(await t.call('GET', `/ticket-notes/list?ticketId=${listTicket}`, { token: outsider.token }), 403, 'ERR_NO_PERMISSION');
    });
  });

  describe('DELETE /ticket-notes/{id}', () => {
    it('the author deletes their note and the deletion is pushed', async () => {
      const note = (await addNote(agent, 'to be removed')).body;
      expect((await t.call('DELETE', `/ticket-notes/${note.id}`, { token: agent.token })).status).to.equal(204);
      const event = await waitFor(live.events, (e) => e.action === 'delete' && e.noteId === note.id);
      expect(event.ticketId).to.equal(ticketId);
      expectError(await t.call('DELETE', `/ticket-notes/${note.id}`, { token: agent.token }), 404, 'ERR_NO_NOTE_FOUND');
    });

    it("another user cannot delete it (403); an admin can; another company's admin gets 404", async () => {
      const note = (await addNote(agent, 'keep me')).body;
      const colleague = await createMember(t, tenant, 'supervisor');
      await UserModel.updateOne({ _id: colleague.user.id, companyId: tenant.companyId }, { $set: { queueIds: [queueA] } });
      expectError(await t.call('DELETE', `/ticket-notes/${note.id}`, { token: colleague.token }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('DELETE', `/ticket-notes/${note.id}`, { token: other.admin.token }), 404, 'ERR_NO_NOTE_FOUND');
      expect((await t.call('DELETE', `/ticket-notes/${note.id}`, { token: tenant.admin.token })).status).to.equal(204);
    });

    it('validates the id', async () => {
      expectInvalid(await t.call('DELETE', '/ticket-notes/123', { token: agent.token }), 'id');
      expectError(await t.call('DELETE', `/ticket-notes/${MISSING_ID}`, { token: agent.token }), 404, 'ERR_NO_NOTE_FOUND');
    });
  });

  it('the shared client covers every ticket-notes call', async () => {
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: agent.email, password: 'member-pass' });
    const created = await api.ticketNotes.create({ ticketId, contactId: contact.id, note: 'through the client' });
    expect(created.user?.id).to.equal(agent.user.id);
    const listed = await api.ticketNotes.list({ ticketId, contactId: contact.id });
    expect(listed[0]!.id).to.equal(created.id);
    await api.ticketNotes.remove(created.id);
    expect((await api.ticketNotes.list({ ticketId })).some((n) => n.id === created.id)).to.equal(false);
  });
});
