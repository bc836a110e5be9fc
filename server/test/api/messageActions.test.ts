/**
 * What agents do to a message (issue 23) through the API: react, edit, delete for everyone,
 * forward, and the signature. Each route against its rules (open ticket, queue, author, window),
 * another company, bad input, a retried request, the realtime channel, and what the customer's
 * phone (the sandbox) receives.
 */
import { expect } from 'chai';
import mongoose from 'mongoose';
import { createApiClient, memorySession } from '@atende/shared/client';
import { MessageModel } from '../../src/domains/messages/model.js';
import { reactionsUpgrade } from '../../src/domains/messages/reactionsUpgrade.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d5450000000049454e44ae426082',
  'hex',
);

interface Entry {
  kind: string;
  body: string;
  emoji: string | null;
  forwarded: boolean;
  edited: boolean;
  deleted: boolean;
  targetProviderMessageId: string | null;
  providerMessageId: string;
  media: { fileName: string } | null;
}

describe('message actions: react, edit, delete for everyone, forward, signature (issue 23)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  let queueA: { id: string };
  let queueB: { id: string };
  let agentA: Session & { email: string };
  let colleague: Session & { email: string };
  let agentB: Session & { email: string };
  let whatsappId: string;
  let live: Listener;

  before(async function () {
    this.timeout(60_000);
    t = await startTestApp('messageactions', { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '50' });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    other = await createTenant(t, superUser);
    queueA = await createQueue(t, tenant.admin);
    queueB = await createQueue(t, tenant.admin);
    agentA = await createMember(t, tenant, 'user', { queueIds: [queueA.id], name: 'Ana Agent' });
    colleague = await createMember(t, tenant, 'user', { queueIds: [queueA.id] });
    agentB = await createMember(t, tenant, 'user', { queueIds: [queueB.id] });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    live = await listen(t, agentA.email, 'member-pass', 'appMessage');
  });
  after(async () => {
    await live?.client.disconnect();
    await t?.stop();
  });

  const entries = async (number: string) => (await outboxOf(t, tenant.admin, whatsappId, number)) as unknown as Entry[];

  /** A customer's ticket accepted by agent A, and the customer's first message. */
  async function openTicket(): Promise<{ number: string; ticket: Record<string, any>; customerMessage: Record<string, any>; customerProviderId: string }> {
    const number = customerNumber();
    const customerProviderId = await customerSays(t, tenant.admin, whatsappId, number, 'hello');
    const pending = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    const accepted = await t.call('PUT', `/tickets/${pending.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agentA.user.id, queueId: queueA.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
    const history = await t.call('GET', `/messages/${pending.id}`, { token: agentA.token });
    return { number, ticket: accepted.body, customerMessage: history.body.messages.find((m: { body: string }) => m.body === 'hello'), customerProviderId };
  }

  /** Agent A sends a text; answers it once the customer's phone has it. */
  async function sent(ticketId: string, number: string, body: string, extra: Record<string, unknown> = {}): Promise<{ message: Record<string, any>; entry: Entry }> {
    const answer = await t.call('POST', `/messages/${ticketId}`, { token: agentA.token, body: { body, ...extra } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    const message = answer.body[0];
    const entry = await eventually(async () => (await entries(number)).find((m) => m.kind === 'message' && m.body === message.body), 5_000, `${body} delivered`);
    await eventually(async () => (await t.call('GET', `/messages/${ticketId}`, { token: agentA.token })).body.messages.find((m: { id: string; ack: number }) => m.id === message.id && m.ack >= 1), 5_000, 'sent');
    return { message, entry };
  }

  it("reacts: the customer gets the reaction on the message, the bubble's reactions change live; again is nothing, another replaces, '' removes", async () => {
    const { number, customerMessage, customerProviderId } = await openTicket();
    const react = (emoji: string) => t.call('POST', `/messages/${customerMessage.id}/reaction`, { token: agentA.token, body: { emoji } });
    const first = await react('👍');
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.reactions).to.have.length(1);
    expect(first.body.reactions[0]).to.include({ sender: 'me', emoji: '👍', fromMe: true, userId: agentA.user.id, name: 'Ana Agent' });
    await waitFor(live.events, (e) => (e as any).message?.id === customerMessage.id && (e as any).action === 'update' && (e as any).message.reactions[0]?.emoji === '👍');
    const reacted = await eventually(async () => (await entries(number)).filter((m) => m.kind === 'reaction'), 5_000, 'reaction delivered');
    expect(reacted[0]).to.include({ targetProviderMessageId: customerProviderId, emoji: '👍' });

    // The same reaction again (a retried request): nothing changes, nothing goes out.
    expect((await react('👍')).body.reactions).to.have.length(1);
    expect((await react('❤️')).body.reactions.map((r: { emoji: string }) => r.emoji)).to.deep.equal(['❤️']);
    // Another agent's reaction is the company's too: one per sender, as on WhatsApp.
    const admin = await t.call('POST', `/messages/${customerMessage.id}/reaction`, { token: tenant.admin.token, body: { emoji: '😂' } });
    expect(admin.body.reactions.map((r: { emoji: string }) => r.emoji)).to.deep.equal(['😂']);
    expect((await react('')).body.reactions).to.deep.equal([]);
    expect((await react('')).body.reactions).to.deep.equal([]);
    const reactions = await eventually(async () => {
      const all = (await entries(number)).filter((m) => m.kind === 'reaction');
      return all.length === 4 ? all : null;
    }, 5_000, 'four reactions delivered');
    // Each change goes out; one that runs after later changes sends the reaction as it is by then.
    expect(reactions[0]!.emoji).to.equal('👍');
    expect(reactions.at(-1)!.emoji).to.equal('');
  });

  it('reaction rules: an open ticket, a message that exists for the caller, one emoji', async () => {
    const { ticket, customerMessage } = await openTicket();
    const path = `/messages/${customerMessage.id}/reaction`;
    expectError(await t.call('POST', path, { token: agentB.token, body: { emoji: '👍' } }), 403, 'ERR_NO_PERMISSION');
    expectError(await t.call('POST', path, { token: other.admin.token, body: { emoji: '👍' } }), 404, 'ERR_NO_MESSAGE_FOUND');
    expectError(await t.call('POST', `/messages/${MISSING_ID}/reaction`, { token: agentA.token, body: { emoji: '👍' } }), 404, 'ERR_NO_MESSAGE_FOUND');
    expectInvalid(await t.call('POST', path, { token: agentA.token, body: { emoji: 'ok' } }), 'emoji');
    expectInvalid(await t.call('POST', path, { token: agentA.token, body: { emoji: '👍👍' } }), 'emoji');
    expectInvalid(await t.call('POST', path, { token: agentA.token, body: {} }), 'emoji');
    expectInvalid(await t.call('POST', '/messages/not-an-id/reaction', { token: agentA.token, body: { emoji: '👍' } }), 'messageId');
    expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: agentA.token, body: { status: 'closed' } })).status).to.equal(200);
    expectError(await t.call('POST', path, { token: agentA.token, body: { emoji: '👍' } }), 400, 'ERR_TICKET_NOT_OPEN');
    const untouched = await MessageModel.findOne({ companyId: tenant.companyId, _id: customerMessage.id }).lean();
    expect(untouched?.reactions).to.deep.equal([]);
  });

  it("edits one's own text within 15 minutes: the customer's copy changes, the earlier text stays readable, a repeat changes nothing", async () => {
    const { number, ticket } = await openTicket();
    const { message, entry } = await sent(ticket.id, number, 'See you at 5');
    const edit = (body: string, token = agentA.token) => t.call('PUT', `/messages/${message.id}`, { token, body: { body } });
    const edited = await edit('  See you at 6 ');
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    expect(edited.body).to.include({ body: 'See you at 6', isEdited: true });
    expect(edited.body.editHistory.map((e: { body: string }) => e.body)).to.deep.equal(['See you at 5']);
    await waitFor(live.events, (e) => (e as any).message?.id === message.id && (e as any).message.body === 'See you at 6');
    const change = await eventually(async () => (await entries(number)).find((m) => m.kind === 'edit'), 5_000, 'edit delivered');
    expect(change).to.include({ targetProviderMessageId: entry.providerMessageId, body: 'See you at 6' });
    await eventually(async () => (await entries(number)).find((m) => m.providerMessageId === entry.providerMessageId && m.edited && m.body === 'See you at 6'), 5_000, "the customer's copy");
    expect((await edit('See you at 6')).body.editHistory).to.have.length(1);
    expect((await edit('See you at 7')).body.editHistory.map((e: { body: string }) => e.body)).to.deep.equal(['See you at 5', 'See you at 6']);
    await eventually(async () => (await entries(number)).filter((m) => m.kind === 'edit').length === 2, 5_000, 'two edits delivered');

    expectError(await edit('mine now', colleague.token), 403, 'ERR_NO_PERMISSION');
    expectError(await edit('mine now', tenant.admin.token), 403, 'ERR_NO_PERMISSION');
    expectError(await edit('mine now', other.admin.token), 404, 'ERR_NO_MESSAGE_FOUND');
    expectInvalid(await edit('   '), 'body');
    // WhatsApp's window: 15 minutes after sending.
    await MessageModel.collection.updateOne({ _id: new mongoose.Types.ObjectId(message.id as string) }, { $set: { createdAt: new Date(Date.now() - 16 * 60_000) } });
    expectError(await edit('too late'), 400, 'ERR_EDIT_WINDOW_CLOSED');
    expect((await MessageModel.findOne({ companyId: tenant.companyId, _id: message.id }).lean())?.body).to.equal('See you at 7');
  });

  it("edits only texts of one's own, on an open ticket", async () => {
    const { number, ticket, customerMessage } = await openTicket();
    expectError(await t.call('PUT', `/messages/${customerMessage.id}`, { token: agentA.token, body: { body: 'changed' } }), 403, 'ERR_NO_PERMISSION');
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    form.append('body', 'a photo');
    const image = (await (await fetch(`${t.url}/api/messages/${ticket.id}`, { method: 'POST', headers: { authorization: `Bearer ${agentA.token}` }, body: form })).json()) as { id: string }[];
    expectError(await t.call('PUT', `/messages/${image[0]!.id}`, { token: agentA.token, body: { body: 'changed' } }), 400, 'ERR_MESSAGE_NOT_EDITABLE');
    const { message } = await sent(ticket.id, number, 'before closing');
    expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: agentA.token, body: { status: 'closed' } })).status).to.equal(200);
    expectError(await t.call('PUT', `/messages/${message.id}`, { token: agentA.token, body: { body: 'after closing' } }), 400, 'ERR_TICKET_NOT_OPEN');
  });

  it("deletes for everyone: the customer's copy is deleted, once however often it is asked", async () => {
    const { number, ticket } = await openTicket();
    const { message, entry } = await sent(ticket.id, number, 'wrong customer, sorry');
    const first = await t.call('DELETE', `/messages/${message.id}`, { token: agentA.token });
    expect(first.body).to.include({ isDeleted: true, body: '' });
    expect((await t.call('DELETE', `/messages/${message.id}`, { token: agentA.token })).body.isDeleted).to.equal(true);
    await waitFor(live.events, (e) => (e as any).message?.id === message.id && (e as any).message.isDeleted === true);
    await eventually(async () => (await entries(number)).find((m) => m.providerMessageId === entry.providerMessageId && m.deleted), 5_000, 'deleted on the phone');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const deletes = (await entries(number)).filter((m) => m.kind === 'delete');
    expect(deletes.map((m) => m.targetProviderMessageId)).to.deep.equal([entry.providerMessageId]);
    expectError(await t.call('POST', `/messages/${message.id}/reaction`, { token: agentA.token, body: { emoji: '👍' } }), 400, 'ERR_MESSAGE_DELETED');
    expectError(await t.call('PUT', `/messages/${message.id}`, { token: agentA.token, body: { body: 'x' } }), 400, 'ERR_MESSAGE_DELETED');
  });

  it('an action waits in the ticket\'s lane behind the send before it (the send retrying), then goes', async () => {
    const { number, ticket } = await openTicket();
    expect((await t.call('POST', `/sandbox/${whatsappId}/failures`, { token: tenant.admin.token, body: { count: 2 } })).status).to.equal(200);
    const answer = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'first draft' } });
    const edited = await t.call('PUT', `/messages/${answer.body[0].id}`, { token: agentA.token, body: { body: 'final text' } });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    const phone = await eventually(async () => {
      const all = (await entries(number)).filter((m) => m.kind !== 'reaction' && m.body !== 'Welcome');
      return all.some((m) => m.kind === 'edit') ? all : null;
    }, 8_000, 'send then edit');
    // The send read the text as it was when it went: the edit came after it in the lane.
    expect(phone.map((m) => m.kind)).to.deep.equal(['message', 'edit']);
    expect(phone[1]!.targetProviderMessageId).to.equal(phone[0]!.providerMessageId);
  });

  it('signs with the agent\'s name in bold when asked; an edit keeps the signature', async () => {
    const { number, ticket } = await openTicket();
    const { message } = await sent(ticket.id, number, 'On my way', { sign: true });
    expect(message).to.include({ body: '*Ana Agent*:\nOn my way', signed: true });
    const plain = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'unsigned' } });
    expect(plain.body[0]).to.include({ body: 'unsigned', signed: false });
    const edited = await t.call('PUT', `/messages/${message.id}`, { token: agentA.token, body: { body: 'Almost there' } });
    expect(edited.body).to.include({ body: '*Ana Agent*:\nAlmost there', signed: true });
    await eventually(async () => (await entries(number)).find((m) => m.kind === 'edit' && m.body === '*Ana Agent*:\nAlmost there'), 5_000, 'the signed edit');
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'p.png');
    form.append('body', 'caption');
    form.append('sign', 'true');
    const media = (await (await fetch(`${t.url}/api/messages/${ticket.id}`, { method: 'POST', headers: { authorization: `Bearer ${agentA.token}` }, body: form })).json()) as { body: string }[];
    expect(media[0]!.body).to.equal('*Ana Agent*:\ncaption');
  });

  it('forwards text and media to another contact: a new ticket of the agent, marked forwarded for the customer, once under a retry', async () => {
    const { ticket, customerMessage, number } = await openTicket();
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'menu.png');
    const image = (await (await fetch(`${t.url}/api/messages/${ticket.id}`, { method: 'POST', headers: { authorization: `Bearer ${agentA.token}` }, body: form })).json()) as { id: string }[];
    await eventually(async () => (await entries(number)).find((m) => m.media), 5_000, 'image delivered');
    const friend = customerNumber();
    const contact = await t.call('POST', '/contacts', { token: agentA.token, body: { name: 'Friend', number: friend } });
    expect(contact.status, JSON.stringify(contact.body)).to.equal(201);
    const request = { messageIds: [image[0]!.id, customerMessage.id], contactId: contact.body.id, requestId: 'retry-me-0001' };
    const forwarded = await t.call('POST', '/messages/forward', { token: agentA.token, body: request });
    expect(forwarded.status, JSON.stringify(forwarded.body)).to.equal(201);
    expect(forwarded.body.ticket).to.include({ status: 'open', userId: agentA.user.id, queueId: queueA.id });
    expect(forwarded.body.messages.map((m: { body: string; forwarded: boolean; mediaType: string }) => [m.mediaType, m.body, m.forwarded])).to.deep.equal([
      ['chat', 'hello', true],
      ['image', 'menu.png', true],
    ]);
    const received = await eventually(async () => {
      const all = await entries(friend);
      return all.length === 2 ? all : null;
    }, 5_000, 'both forwarded');
    // The image had no caption: its file name is not sent as one (issue 30).
    expect(received.map((m) => [m.body, m.forwarded, Boolean(m.media)])).to.deep.equal([
      ['hello', true, false],
      ['', true, true],
    ]);
    // The same request again (a retry): the same copies, nothing sent twice.
    const again = await t.call('POST', '/messages/forward', { token: agentA.token, body: request });
    expect(again.status).to.equal(201);
    expect(again.body.messages.map((m: { id: string }) => m.id)).to.deep.equal(forwarded.body.messages.map((m: { id: string }) => m.id));
    // Another forward lands in the agent's open ticket with the contact.
    const more = await t.call('POST', '/messages/forward', { token: agentA.token, body: { messageIds: [customerMessage.id], contactId: contact.body.id } });
    expect(more.body.ticket.id).to.equal(forwarded.body.ticket.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await entries(friend)).to.have.length(3);
    const client = createApiClient({ baseUrl: t.url, session: memorySession() });
    await client.auth.login({ email: agentA.email, password: 'member-pass' });
    const viaClient = await client.messages.forward({ messageIds: [customerMessage.id], contactId: contact.body.id });
    expect(viaClient.messages[0]!.forwarded).to.equal(true);
  });

  it("forward rules: the caller's messages, something to send, the contact not with another agent", async () => {
    const { ticket, customerMessage } = await openTicket();
    const busy = await openTicket();
    const forward = (token: string, body: Record<string, unknown>) => t.call('POST', '/messages/forward', { token, body });
    // The contact of a ticket another agent has open: the new-ticket rule answers.
    const busyTicket = await t.call('PUT', `/tickets/${busy.ticket.id}`, { token: tenant.admin.token, body: { userId: colleague.user.id } });
    expect(busyTicket.status).to.equal(200);
    const refused = await forward(agentA.token, { messageIds: [customerMessage.id], contactId: busy.ticket.contactId });
    expectError(refused, 409, 'ERR_OTHER_OPEN_TICKET');
    expect(refused.body.user).to.include({ id: colleague.user.id });
    expectError(await forward(agentB.token, { messageIds: [customerMessage.id], contactId: busy.ticket.contactId }), 403, 'ERR_NO_PERMISSION');
    expectError(await forward(other.admin.token, { messageIds: [customerMessage.id], contactId: busy.ticket.contactId }), 404, 'ERR_NO_MESSAGE_FOUND');
    expectError(await forward(agentA.token, { messageIds: [customerMessage.id], contactId: MISSING_ID }), 404, 'ERR_NO_CONTACT_FOUND');
    const gone = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'to delete' } });
    await t.call('DELETE', `/messages/${gone.body[0].id}`, { token: agentA.token });
    expectError(await forward(agentA.token, { messageIds: [gone.body[0].id], contactId: busy.ticket.contactId }), 400, 'ERR_MESSAGE_NOT_FORWARDABLE');
    expectInvalid(await forward(agentA.token, { messageIds: [], contactId: busy.ticket.contactId }), 'messageIds');
    const twice = await forward(agentA.token, { messageIds: [customerMessage.id, customerMessage.id], contactId: busy.ticket.contactId });
    expectError(twice, 400, 'ERR_VALIDATION');
    expect(twice.body.field).to.match(/^messageIds/);
  });

  it('upgrades reactions stored as messages of their own into reactions on the message they target', async () => {
    const { ticket, customerMessage, number } = await openTicket();
    const { message } = await sent(ticket.id, number, 'our offer');
    const contactId = new mongoose.Types.ObjectId(ticket.contactId as string);
    const base = { companyId: new mongoose.Types.ObjectId(tenant.companyId), ticketId: new mongoose.Types.ObjectId(ticket.id as string), whatsappId: new mongoose.Types.ObjectId(whatsappId), mediaType: 'reaction', read: true, ack: 0 };
    const old = [
      { ...base, providerMessageId: 'old-r1', body: '👍', fromMe: false, contactId, quotedMsgId: new mongoose.Types.ObjectId(message.id as string), createdAt: new Date(Date.now() - 3_000) },
      { ...base, providerMessageId: 'old-r2', body: '❤️', fromMe: false, contactId, quotedMsgId: new mongoose.Types.ObjectId(message.id as string), createdAt: new Date(Date.now() - 2_000) },
      { ...base, providerMessageId: 'old-r3', body: '🙏', fromMe: true, contactId: null, quotedMsgId: new mongoose.Types.ObjectId(customerMessage.id as string), createdAt: new Date(Date.now() - 1_000) },
    ];
    const db = mongoose.connection.db!;
    await db.collection('messages').insertMany(old.map((doc, i) => ({ ...doc, seq: 100 + i, pageKey: `${ticket.id}.x`, updatedAt: doc.createdAt })));
    await reactionsUpgrade.run(db, () => undefined);
    await reactionsUpgrade.run(db, () => undefined);
    expect(await db.collection('messages').countDocuments({ companyId: base.companyId, mediaType: 'reaction' })).to.equal(0);
    const history = await t.call('GET', `/messages/${ticket.id}`, { token: agentA.token });
    const byId = new Map(history.body.messages.map((m: { id: string }) => [m.id, m]));
    expect((byId.get(message.id) as any).reactions.map((r: { sender: string; emoji: string }) => [r.sender, r.emoji])).to.deep.equal([[number, '❤️']]);
    expect((byId.get(customerMessage.id) as any).reactions.map((r: { sender: string; emoji: string }) => [r.sender, r.emoji])).to.deep.equal([['me', '🙏']]);
    expect(history.body.messages.some((m: { mediaType: string }) => m.mediaType === 'reaction')).to.equal(false);
  });
});
