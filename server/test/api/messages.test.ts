import { expect } from 'chai';
import Nes from '@hapi/nes/lib/client.js';
import { createApiClient, memorySession } from '@atende/shared/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d5450000000049454e44ae426082',
  'hex',
);

describe('messages: history, sending, media, deleting, realtime', () => {
  let t: TestApp;
  let tenant: Tenant;
  let queueA: { id: string; name: string };
  let queueB: { id: string; name: string };
  let agentA: Session & { email: string };
  let agentB: Session & { email: string };
  let whatsappId: string;

  before(async () => {
    t = await startTestApp('messages', { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '50' });
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser);
    queueA = await createQueue(t, tenant.admin);
    queueB = await createQueue(t, tenant.admin);
    agentA = await createMember(t, tenant, 'user', { queueIds: [queueA.id] });
    agentB = await createMember(t, tenant, 'user', { queueIds: [queueB.id] });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
  });
  after(() => t?.stop());

  /** A customer's ticket, accepted by agent A in queue A. */
  async function openTicket(): Promise<{ number: string; ticket: Record<string, any> }> {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'hello');
    const pending = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    const accepted = await t.call('PUT', `/tickets/${pending.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agentA.user.id, queueId: queueA.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
    return { number, ticket: accepted.body };
  }

  it('pages the history newest page first, each page in chronological order, and marks the ticket read', async () => {
    const { number, ticket } = await openTicket();
    for (let i = 1; i <= 24; i += 1) await customerSays(t, tenant.admin, whatsappId, number, `m${i}`);
    await eventually(async () => (await ticketOf(t, tenant.admin, number))?.unreadMessages === 25, 5_000, 'unread 25');
    const first = await t.call('GET', `/messages/${ticket.id}?pageNumber=1`, { token: agentA.token });
    expect(first.body.count).to.equal(25);
    expect(first.body.hasMore).to.equal(true);
    expect(first.body.messages.map((m: { body: string }) => m.body)).to.deep.equal(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    const second = await t.call('GET', `/messages/${ticket.id}?pageNumber=2`, { token: agentA.token });
    expect(second.body.messages.map((m: { body: string }) => m.body)).to.deep.equal(['hello', 'm1', 'm2', 'm3', 'm4']);
    expect(second.body.hasMore).to.equal(false);
    expect((await ticketOf(t, tenant.admin, number))?.unreadMessages).to.equal(0);
  });

  it('sends an image with a caption (multipart), stored under the company and served publicly', async () => {
    const { number, ticket } = await openTicket();
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'my photo.png');
    form.append('body', 'look at this');
    const response = await fetch(`${t.url}/api/messages/${ticket.id}`, { method: 'POST', headers: { authorization: `Bearer ${agentA.token}` }, body: form });
    const sent = (await response.json()) as { mediaType: string; mediaUrl: string; body: string }[];
    expect(response.status, JSON.stringify(sent)).to.equal(201);
    expect(sent[0]).to.include({ mediaType: 'image', body: 'look at this' });
    expect(sent[0]!.mediaUrl).to.match(new RegExp(`^/public/${tenant.companyId}/[0-9a-f]{32}\\.png\\?expires=\\d+&signature=[\\w-]+$`));
    const file = await fetch(`${t.url}${sent[0]!.mediaUrl}`);
    expect(file.status).to.equal(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).to.equal(true);
    const received = await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).find((m) => m.body === 'look at this'), 5_000, 'image delivered');
    expect((received as unknown as { media: { kind: string } }).media.kind).to.equal('image');
  });

  it("names the agent who wrote a message, and no one on the customer's or automatic ones", async () => {
    const { ticket } = await openTicket();
    const sent = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'Ana here' } });
    expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
    const author = sent.body[0].user as { id: string; name: string };
    const me = await t.call('GET', '/auth/me', { token: agentA.token });
    expect(author).to.deep.equal({ id: agentA.user.id, name: me.body.name });
    const history = await t.call('GET', `/messages/${ticket.id}`, { token: agentA.token });
    const byBody = new Map(history.body.messages.map((m: { body: string; user: unknown }) => [m.body, m.user]));
    expect(byBody.get('Ana here')).to.deep.equal(author);
    expect(byBody.get('hello')).to.equal(null);
  });

  it('sends a text document (text/csv parts arrive as files too)', async () => {
    const { ticket } = await openTicket();
    const form = new FormData();
    form.append('medias', new Blob(['name;number\nAna;5511999990000\n'], { type: 'text/csv' }), 'list.csv');
    const response = await fetch(`${t.url}/api/messages/${ticket.id}`, { method: 'POST', headers: { authorization: `Bearer ${agentA.token}` }, body: form });
    const sent = (await response.json()) as { mediaType: string; body: string }[];
    expect(response.status, JSON.stringify(sent)).to.equal(201);
    expect(sent[0]).to.include({ mediaType: 'application', body: 'list.csv' });
  });

  it('a document goes out under its own file name, with the caption typed for it (issue 13, item 15)', async () => {
    const { number, ticket } = await openTicket();
    const send = async (caption: string | null) => {
      const form = new FormData();
      form.append('medias', new Blob(['%PDF-1.7\n%%EOF\n'], { type: 'application/pdf' }), 'invoice 42.pdf');
      if (caption !== null) form.append('body', caption);
      const response = await fetch(`${t.url}/api/messages/${ticket.id}`, { method: 'POST', headers: { authorization: `Bearer ${agentA.token}` }, body: form });
      expect(response.status).to.equal(201);
    };
    await send('Your invoice');
    await send(null);
    type Sent = { body: string; media: { fileName: string } | null };
    const outbox = await eventually(async () => {
      const documents = ((await outboxOf(t, tenant.admin, whatsappId, number)) as unknown as Sent[]).filter((m) => m.media);
      return documents.length === 2 ? documents : null;
    }, 5_000, 'both documents delivered');
    expect(outbox.map((m) => ({ body: m.body, fileName: m.media!.fileName }))).to.have.deep.members([
      { body: 'Your invoice', fileName: 'invoice_42.pdf' },
      // Without a caption none goes: the file's name is not sent as text (issue 30).
      { body: '', fileName: 'invoice_42.pdf' },
    ]);
  });

  it('refuses a file whose content is not what its name says', async () => {
    const { ticket } = await openTicket();
    const form = new FormData();
    form.append('medias', new Blob([Buffer.from('not really a png')], { type: 'image/png' }), 'fake.png');
    const response = await fetch(`${t.url}/api/messages/${ticket.id}`, { method: 'POST', headers: { authorization: `Bearer ${agentA.token}` }, body: form });
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { error: string }).error).to.equal('ERR_INVALID_MEDIA');
  });

  it('quotes a message, and refuses empty text', async () => {
    const { ticket } = await openTicket();
    const history = await t.call('GET', `/messages/${ticket.id}`, { token: agentA.token });
    const quotedId = history.body.messages[0].id as string;
    const sent = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'answering that', quotedMsg: { id: quotedId } } });
    expect(sent.status).to.equal(201);
    expect(sent.body[0].quotedMsg).to.include({ id: quotedId, body: 'hello', fromMe: false });
    expectInvalid(await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: '   ' } }), 'body');
    expectError(await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'x', quotedMsg: { id: MISSING_ID } } }), 404, 'ERR_NO_MESSAGE_FOUND');
  });

  it("deletes one's own message only", async () => {
    const { ticket } = await openTicket();
    const sent = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'oops' } });
    const deleted = await t.call('DELETE', `/messages/${sent.body[0].id}`, { token: agentA.token });
    expect(deleted.status).to.equal(200);
    expect(deleted.body).to.include({ isDeleted: true, body: '' });
    const history = await t.call('GET', `/messages/${ticket.id}`, { token: agentA.token });
    const customerMessage = history.body.messages.find((m: { fromMe: boolean }) => !m.fromMe);
    expectError(await t.call('DELETE', `/messages/${customerMessage.id}`, { token: agentA.token }), 403, 'ERR_NO_PERMISSION');
    expectError(await t.call('DELETE', `/messages/${sent.body[0].id}`, { token: agentB.token }), 403, 'ERR_NO_PERMISSION');
  });

  it("another agent who sees the ticket, or an admin, cannot delete what an agent wrote; automatic messages only admins", async () => {
    const { ticket } = await openTicket();
    const colleague = await createMember(t, tenant, 'user', { queueIds: [queueA.id] });
    const sent = await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'mine' } });
    expect(sent.body[0].userId).to.equal(agentA.user.id);
    expect((await t.call('GET', `/messages/${ticket.id}`, { token: colleague.token })).status).to.equal(200);
    expectError(await t.call('DELETE', `/messages/${sent.body[0].id}`, { token: colleague.token }), 403, 'ERR_NO_PERMISSION');
    expectError(await t.call('DELETE', `/messages/${sent.body[0].id}`, { token: tenant.admin.token }), 403, 'ERR_NO_PERMISSION');
    // The transfer message has no author.
    expect((await t.call('PUT', `/settings/sendMsgTransfTicket`, { token: tenant.admin.token, body: { value: 'enabled' } })).status).to.equal(200);
    expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { queueId: queueB.id, userId: agentB.user.id } })).status).to.equal(200);
    await t.call('PUT', `/settings/sendMsgTransfTicket`, { token: tenant.admin.token, body: { value: 'disabled' } });
    const history = await t.call('GET', `/messages/${ticket.id}`, { token: tenant.admin.token });
    const automatic = history.body.messages.find((m: { fromMe: boolean; userId: string | null }) => m.fromMe && m.userId === null);
    expect(automatic, 'the transfer message').to.not.equal(undefined);
    expectError(await t.call('DELETE', `/messages/${automatic.id}`, { token: agentB.token }), 403, 'ERR_NO_PERMISSION');
    expect((await t.call('DELETE', `/messages/${automatic.id}`, { token: tenant.admin.token })).status).to.equal(200);
  });

  it('keeps both of two changes made to one ticket or one message at the same time', async () => {
    const opened = await Promise.all(Array.from({ length: 6 }, () => openTicket()));
    // A resolve racing the mark-read of opening the conversation: the ticket stays resolved.
    await Promise.all(
      opened.map(({ ticket }) =>
        Promise.all([
          t.call('PUT', `/tickets/${ticket.id}`, { token: agentA.token, body: { status: 'closed' } }),
          t.call('GET', `/messages/${ticket.id}`, { token: agentA.token }),
        ]),
      ),
    );
    for (const { number } of opened) expect((await ticketOf(t, tenant.admin, number))?.status, number).to.equal('closed');

    // A delete racing the send's acks: the message stays deleted.
    const { number, ticket } = await openTicket();
    const bodies = Array.from({ length: 6 }, (_, i) => `oops ${i}`);
    const sent = await Promise.all(bodies.map((body) => t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body } })));
    const ids = sent.map((answer) => answer.body[0].id as string);
    await Promise.all(ids.map((id) => t.call('DELETE', `/messages/${id}`, { token: agentA.token })));
    // Once the acks are over: what reached the phone was read there (3) and is marked sent here;
    // the rest was deleted before it left.
    const ours = await eventually(
      async () => {
        const outbox = (await outboxOf(t, tenant.admin, whatsappId, number)).filter((m) => bodies.includes(m.body));
        if (outbox.some((m) => m.ack < 3)) return undefined;
        const history = await t.call('GET', `/messages/${ticket.id}`, { token: agentA.token });
        const byId = new Map((history.body.messages as { id: string; ack: number; isDeleted: boolean }[]).map((m) => [m.id, m]));
        const mine = ids.map((id) => byId.get(id)!);
        const left = new Set(outbox.map((m) => bodies.indexOf(m.body)));
        return mine.every((m, i) => !left.has(i) || m.ack >= 1) ? mine : undefined;
      },
      5_000,
      'acks over',
    );
    expect(ours.map((m) => m.isDeleted)).to.deep.equal(Array(6).fill(true));
  });

  it("another queue's agent can neither read nor write the ticket", async () => {
    const { ticket } = await openTicket();
    expectError(await t.call('GET', `/messages/${ticket.id}`, { token: agentB.token }), 403, 'ERR_NO_PERMISSION');
    expectError(await t.call('POST', `/messages/${ticket.id}`, { token: agentB.token, body: { body: 'hi' } }), 403, 'ERR_NO_PERMISSION');
  });

  it("realtime: the queue's agent receives the customer's message live, another queue's agent does not", async () => {
    const { number, ticket } = await openTicket();
    const heard: Record<string, unknown[]> = { a: [], b: [] };
    const clients: InstanceType<typeof Nes.Client>[] = [];
    for (const [key, session] of [['a', agentA], ['b', agentB]] as const) {
      const client = new Nes.Client(t.url.replace('http:', 'ws:') as `ws://${string}`);
      clients.push(client);
      await client.connect({ auth: { headers: { authorization: `Bearer ${session.token}` } } });
      await client.subscribe(`/company/${tenant.companyId}/appMessage`, (payload) => heard[key]!.push(payload));
    }
    try {
      await customerSays(t, tenant.admin, whatsappId, number, 'are you there?');
      const event = (await eventually(async () => heard.a!.find((e) => (e as { message: { body: string } }).message.body === 'are you there?'), 5_000, 'event for A')) as {
        action: string;
        ticket: { id: string };
      };
      expect(event.action).to.equal('create');
      expect(event.ticket.id).to.equal(ticket.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.b).to.deep.equal([]);
    } finally {
      for (const client of clients) await client.disconnect();
    }
  });

  it('a failed send is retried with backoff until it goes through', async () => {
    const { number, ticket } = await openTicket();
    expect((await t.call('POST', `/sandbox/${whatsappId}/failures`, { token: tenant.admin.token, body: { count: 2 } })).status).to.equal(200);
    await t.call('POST', `/messages/${ticket.id}`, { token: agentA.token, body: { body: 'third time lucky' } });
    await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).some((m) => m.body === 'third time lucky'), 8_000, 'delivered after retries');
    // Stored as sent once the provider took it (just after the phone has it).
    await eventually(
      async () => {
        const history = await t.call('GET', `/messages/${ticket.id}`, { token: agentA.token });
        return history.body.messages.find((m: { body: string; ack: number }) => m.body === 'third time lucky' && m.ack >= 1);
      },
      5_000,
      'marked sent',
    );
  });

  it('the shared client lists, sends and deletes', async () => {
    const { ticket } = await openTicket();
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: agentA.email, password: 'member-pass' });
    const sent = await api.messages.send(ticket.id as string, { body: 'via client' });
    expect(sent[0]!.body).to.equal('via client');
    const page = await api.messages.list(ticket.id as string);
    expect(page.messages.map((m) => m.body)).to.include('via client');
    const tickets = await api.tickets.list({ status: 'open' });
    expect(tickets.tickets.map((x) => x.id)).to.include(ticket.id);
    await api.messages.remove(sent[0]!.id);
  });
});
