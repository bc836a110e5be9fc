/**
 * The sandbox phone plays both sides of the WhatsApp actions (issue 23): the customer replies to,
 * reacts to, edits and deletes messages through the inject call, and the outbox reports what the
 * company did (message, reaction, edit, delete, forwarded) with the target's providerMessageId.
 * Also: a reaction held while the phone is offline lands when it is back, and an action left
 * waiting when the server stops goes out at the next start.
 */
import { expect } from 'chai';
import { MessageActionModel } from '../../src/domains/messages/actionModel.js';
import { sandboxGroupId } from '../../src/channels/sandbox/api.js';
import { createMember, createTenant, login, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';
import { startChannelTestApp, type ChannelTestApp } from '../support/whatsappFixtures.js';

interface Entry {
  kind: string;
  body: string;
  emoji: string | null;
  forwarded: boolean;
  deleted: boolean;
  targetProviderMessageId: string | null;
  quotedProviderMessageId: string | null;
  providerMessageId: string;
}

type Row = Record<string, any>;

describe('the sandbox phone plays both sides of replies, reactions, edits, deletes and forwards (issue 23)', () => {
  let t: ChannelTestApp;
  let tenant: Tenant;
  let agent: Session & { email: string };
  let whatsappId: string;
  let live: Listener;

  before(async function () {
    this.timeout(60_000);
    t = await startChannelTestApp('sandboxactions', { env: { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '50' } });
    tenant = await createTenant(t, await loginSuper(t));
    agent = await createMember(t, tenant, 'admin', { name: 'Bia Agent' });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    live = await listen(t, agent.email, 'member-pass', 'appMessage');
  });
  after(async () => {
    await live?.client.disconnect();
    await t?.stop();
  });

  const inject = (body: Record<string, unknown>) => t.call('POST', `/sandbox/${whatsappId}/messages`, { token: tenant.admin.token, body });
  const entries = async (number: string) => (await outboxOf(t, tenant.admin, whatsappId, number)) as unknown as Entry[];
  const history = async (ticketId: string): Promise<Row[]> => (await t.call('GET', `/messages/${ticketId}`, { token: agent.token })).body.messages;

  /** A customer's open ticket and our first reply, delivered. */
  async function conversation(): Promise<{ number: string; ticket: Row; customerId: string; ours: Row; oursOnPhone: Entry }> {
    const number = customerNumber();
    const customerId = await customerSays(t, tenant.admin, whatsappId, number, 'Do you deliver?');
    const pending = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'ticket');
    const ticket = (await t.call('PUT', `/tickets/${pending.id}`, { token: agent.token, body: { status: 'open', userId: agent.user.id } })).body as Row;
    const ours = (await t.call('POST', `/messages/${ticket.id}`, { token: agent.token, body: { body: 'Yes, every day' } })).body[0] as Row;
    const oursOnPhone = await eventually(async () => (await entries(number)).find((m) => m.body === 'Yes, every day'), 5_000, 'reply delivered');
    await eventually(async () => (await history(ticket.id)).find((m) => m.id === ours.id && m.ack >= 1), 5_000, 'reply sent');
    return { number, ticket, customerId, ours, oursOnPhone };
  }

  it("customer -> inbox: a reply quotes our message; reactions land on it (never as messages), replaced and taken back; an edit keeps the earlier text; a delete empties it", async () => {
    const { number, ticket, customerId, ours, oursOnPhone } = await conversation();
    const name = `Customer ${number.slice(-4)}`;
    const quoting = await customerSays(t, tenant.admin, whatsappId, number, 'Even on Sundays?', { quotedProviderMessageId: oursOnPhone.providerMessageId });
    const reply = await eventually(async () => (await history(ticket.id)).find((m) => m.body === 'Even on Sundays?'), 5_000, 'the reply');
    expect(reply.quotedMsg).to.include({ id: ours.id, body: 'Yes, every day', fromMe: true });
    const counted = (await ticketOf(t, tenant.admin, number))!;

    const react = (emoji: string) => inject({ kind: 'reaction', targetProviderMessageId: oursOnPhone.providerMessageId, emoji, from: number, name });
    expect((await react('👍')).status).to.equal(201);
    const heard = await waitFor(live.events, (e) => (e as Row).message?.id === ours.id && (e as Row).message.reactions.length === 1);
    expect((heard as Row).message.reactions[0]).to.include({ sender: number, name, emoji: '👍', fromMe: false, userId: null });
    expect((await react('🙏')).status).to.equal(201);
    await eventually(async () => (await history(ticket.id)).find((m) => m.id === ours.id && m.reactions[0]?.emoji === '🙏'), 5_000, 'replaced');
    const messages = await history(ticket.id);
    expect(messages.some((m) => m.mediaType === 'reaction')).to.equal(false);
    expect(messages.filter((m) => m.id === ours.id)[0]!.reactions).to.have.length(1);
    // Reactions are not messages: the ticket's unread count and last message stay.
    expect(await ticketOf(t, tenant.admin, number)).to.deep.include({ unreadMessages: counted.unreadMessages, lastMessage: counted.lastMessage });
    expect((await react('')).status).to.equal(201);
    await eventually(async () => (await history(ticket.id)).find((m) => m.id === ours.id && m.reactions.length === 0), 5_000, 'taken back');
    // A reaction to a message the inbox does not hold changes nothing.
    expect((await inject({ kind: 'reaction', targetProviderMessageId: 'sandbox:unknown', emoji: '👍', from: number })).status).to.equal(201);

    expect((await inject({ kind: 'edit', targetProviderMessageId: quoting, body: 'Even on Sundays and holidays?', from: number })).status).to.equal(201);
    const edited = await eventually(async () => (await history(ticket.id)).find((m) => m.body === 'Even on Sundays and holidays?'), 5_000, 'edited');
    expect(edited).to.include({ isEdited: true });
    expect(edited.editHistory.map((e: { body: string }) => e.body)).to.deep.equal(['Even on Sundays?']);
    expect((await inject({ kind: 'delete', targetProviderMessageId: customerId, from: number })).status).to.equal(201);
    const deleted = await eventually(async () => (await history(ticket.id)).find((m) => m.isDeleted), 5_000, 'deleted');
    expect(deleted).to.include({ body: '', isDeleted: true });
  });

  it('the inject call refuses an action without its target, a reaction without one emoji, a delete with text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'reaction', emoji: '👍' }, 'targetProviderMessageId'],
      [{ kind: 'reaction', targetProviderMessageId: 'x', emoji: 'yes' }, 'emoji'],
      [{ kind: 'reaction', targetProviderMessageId: 'x' }, 'emoji'],
      [{ kind: 'edit', targetProviderMessageId: 'x' }, 'body'],
      [{ kind: 'delete', targetProviderMessageId: 'x', body: 'no' }, 'body'],
      [{ kind: 'message', body: 'x', targetProviderMessageId: 'x' }, 'targetProviderMessageId'],
      [{ kind: 'forward', body: 'x' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const answer = await inject({ from: customerNumber(), ...body });
      expect(answer.status, JSON.stringify(body)).to.equal(400);
      expect(answer.body.field, JSON.stringify(body)).to.equal(field);
    }
  });

  it('customer -> inbox: in a group each member has a reaction of their own', async () => {
    expect((await t.call('PUT', '/settings/CheckMsgIsGroup', { token: tenant.admin.token, body: { value: 'disabled' } })).status).to.equal(200);
    const groupName = `Team ${customerNumber()}`;
    const [ana, caio] = [customerNumber(), customerNumber()];
    const first = await customerSays(t, tenant.admin, whatsappId, ana, 'Who brings the cake?', { isGroup: true, groupName });
    await inject({ kind: 'reaction', targetProviderMessageId: first, emoji: '🎂', from: ana, isGroup: true, groupName, name: 'Ana' });
    await inject({ kind: 'reaction', targetProviderMessageId: first, emoji: '😂', from: caio, isGroup: true, groupName, name: 'Caio' });
    const group = await eventually(() => ticketOf(t, tenant.admin, sandboxGroupId(groupName)), 5_000, 'the group ticket');
    const message = await eventually(async () => (await history(group.id)).find((m) => m.reactions.length === 2), 5_000, 'two reactions');
    expect(message.reactions.map((r: Row) => [r.sender, r.name, r.emoji])).to.deep.equal([
      [ana, 'Ana', '🎂'],
      [caio, 'Caio', '😂'],
    ]);
  });

  it('inbox -> customer: the outbox reports the reply, reaction, edit, delete and forward with their kind and target', async () => {
    const { number, ticket, customerId, oursOnPhone, ours } = await conversation();
    await t.call('POST', `/messages/${ticket.id}`, { token: agent.token, body: { body: 'Which day suits you?', quotedMsg: { id: (await history(ticket.id)).find((m) => !m.fromMe)!.id } } });
    const customerMessage = (await history(ticket.id)).find((m) => !m.fromMe)!;
    await t.call('POST', `/messages/${customerMessage.id}/reaction`, { token: agent.token, body: { emoji: '❤️' } });
    await t.call('PUT', `/messages/${ours.id}`, { token: agent.token, body: { body: 'Yes, every day but Sunday' } });
    const friend = customerNumber();
    const contact = (await t.call('POST', '/contacts', { token: agent.token, body: { name: 'Friend', number: friend } })).body as Row;
    const forwarded = await t.call('POST', '/messages/forward', { token: agent.token, body: { messageIds: [ours.id], contactId: contact.id } });
    expect(forwarded.status, JSON.stringify(forwarded.body)).to.equal(201);
    await t.call('DELETE', `/messages/${ours.id}`, { token: agent.token });

    const phone = await eventually(async () => {
      const all = await entries(number);
      return all.some((m) => m.kind === 'delete') ? all : null;
    }, 5_000, 'every action on the phone');
    const byKind = (kind: string) => phone.filter((m) => m.kind === kind);
    expect(byKind('message').find((m) => m.body === 'Which day suits you?')!.quotedProviderMessageId).to.equal(customerId);
    expect(byKind('reaction').map((m) => [m.targetProviderMessageId, m.emoji])).to.deep.equal([[customerId, '❤️']]);
    expect(byKind('edit').map((m) => [m.targetProviderMessageId, m.body])).to.deep.equal([[oursOnPhone.providerMessageId, 'Yes, every day but Sunday']]);
    expect(byKind('delete').map((m) => m.targetProviderMessageId)).to.deep.equal([oursOnPhone.providerMessageId]);
    expect(phone.find((m) => m.providerMessageId === oursOnPhone.providerMessageId)).to.include({ deleted: true });
    const received = await eventually(async () => (await entries(friend)).find((m) => m.kind === 'message'), 5_000, 'forward delivered');
    expect(received).to.include({ body: 'Yes, every day but Sunday', forwarded: true });
  });

  it("a customer's reaction held while the phone is offline lands when it comes back", async () => {
    const { number, ticket, ours, oursOnPhone } = await conversation();
    expect((await t.call('POST', `/sandbox/${whatsappId}/connectivity`, { token: tenant.admin.token, body: { online: false } })).status).to.equal(200);
    const held = await inject({ kind: 'reaction', targetProviderMessageId: oursOnPhone.providerMessageId, emoji: '🔥', from: number });
    expect(held.status).to.equal(202);
    expect((await t.call('POST', `/sandbox/${whatsappId}/connectivity`, { token: tenant.admin.token, body: { online: true } })).status).to.equal(200);
    await eventually(async () => (await history(ticket.id)).find((m) => m.id === ours.id && m.reactions[0]?.emoji === '🔥'), 5_000, 'replayed reaction');
  });
});

describe('an action waiting when the server stops goes out at the next start (issue 23)', () => {
  let first: ChannelTestApp | undefined;
  let second: ChannelTestApp | undefined;
  after(async () => {
    await first?.stop({ drop: false });
    await second?.stop();
  });

  it('a reaction whose first attempt failed is sent by the next server, once', async function () {
    this.timeout(90_000);
    // The retry waits a minute: only the next start can send it in time.
    const env = { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '60000' };
    first = await startChannelTestApp('actionresume', { env });
    const tenant = await createTenant(first, await loginSuper(first));
    const whatsappId = (await sandboxConnection(first, tenant.admin)).id;
    const number = customerNumber();
    const customerId = await customerSays(first, tenant.admin, whatsappId, number, 'Thanks!');
    const pending = await eventually(() => ticketOf(first!, tenant.admin, number, 'pending'), 5_000, 'ticket');
    await first.call('PUT', `/tickets/${pending.id}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id } });
    const message = (await first.call('GET', `/messages/${pending.id}`, { token: tenant.admin.token })).body.messages[0] as Row;
    expect((await first.call('POST', `/sandbox/${whatsappId}/failures`, { token: tenant.admin.token, body: { count: 1 } })).status).to.equal(200);
    const reacted = await first.call('POST', `/messages/${message.id}/reaction`, { token: tenant.admin.token, body: { emoji: '🙌' } });
    expect(reacted.status, JSON.stringify(reacted.body)).to.equal(200);
    await eventually(async () => (await MessageActionModel.findOne({ companyId: tenant.companyId, messageId: message.id }).lean())?.attempts === 1, 5_000, 'the first attempt failed');
    await first.stop({ drop: false });

    second = await startChannelTestApp('actionresume', { databaseName: first.databaseName, env });
    const admin = await login(second, tenant.adminEmail, tenant.password);
    const sent = await eventually(async () => ((await outboxOf(second!, admin, whatsappId, number)) as unknown as Entry[]).filter((m) => m.kind === 'reaction'), 10_000, 'sent after the restart');
    expect(sent.map((m) => [m.targetProviderMessageId, m.emoji])).to.deep.equal([[customerId, '🙌']]);
  });
});
