/**
 * What lists preview of a conversation (issue 30, items 5, 13, 14): a message deleted for everyone
 * (by the agent or by the customer) no longer shows there, live; a signed message reads "Name:
 * text" without WhatsApp's marks; media are named by kind, not by file; messages carry their
 * file's name and size; and a file sent without a caption reaches the customer without its name
 * as text.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';
import { listen, waitFor, type Listener } from '../support/realtimeFixtures.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d5450000000049454e44ae426082',
  'hex',
);
const OGG = Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(60, 1)]);
const PDF = Buffer.from('%PDF-1.4\n% a small contract\n', 'latin1');

/** ATENDE_LANGUAGE is pt by default: the previews are the company's language. */
const DELETED = 'Esta mensagem foi apagada';

describe('ticket previews: deleted, signed, marked and media messages (issue 30)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let queue: { id: string };
  let agent: Session & { email: string };
  let whatsappId: string;
  let live: Listener;

  before(async function () {
    this.timeout(60_000);
    t = await startTestApp('previews', { ATENDE_SANDBOX_ACK_MS: '20', ATENDE_SEND_RETRY_MS: '50' });
    tenant = await createTenant(t, await loginSuper(t));
    queue = await createQueue(t, tenant.admin);
    agent = await createMember(t, tenant, 'user', { queueIds: [queue.id], name: 'Ana Agent' });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    live = await listen(t, agent.email, 'member-pass', 'ticket');
  });
  after(async () => {
    await live?.client.disconnect();
    await t?.stop();
  });

  async function openTicket(first = 'hello'): Promise<{ number: string; ticketId: string }> {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, first);
    const pending = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    const accepted = await t.call('PUT', `/tickets/${pending.id}`, { token: tenant.admin.token, body: { status: 'open', userId: agent.user.id, queueId: queue.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
    return { number, ticketId: pending.id as string };
  }

  const ticket = async (ticketId: string) => (await t.call('GET', `/tickets/${ticketId}`, { token: agent.token })).body as Record<string, any>;
  const messages = async (ticketId: string) => (await t.call('GET', `/messages/${ticketId}`, { token: agent.token })).body.messages as Record<string, any>[];

  async function send(ticketId: string, body: string, sign = false): Promise<Record<string, any>> {
    const answer = await t.call('POST', `/messages/${ticketId}`, { token: agent.token, body: { body, sign } });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    return answer.body[0];
  }

  it("an agent deletes the last message: the ticket's preview becomes the deleted notice, live; an earlier one leaves it", async () => {
    const { ticketId } = await openTicket();
    const earlier = await send(ticketId, 'first answer');
    const last = await send(ticketId, 'the secret price is 42');
    expect((await ticket(ticketId)).lastMessage).to.equal('the secret price is 42');

    expect((await t.call('DELETE', `/messages/${earlier.id}`, { token: agent.token })).status).to.equal(200);
    expect((await ticket(ticketId)).lastMessage).to.equal('the secret price is 42');

    expect((await t.call('DELETE', `/messages/${last.id}`, { token: agent.token })).status).to.equal(200);
    expect((await ticket(ticketId)).lastMessage).to.equal(DELETED);
    await waitFor(live.events, (e) => (e as any).action === 'update' && (e as any).ticket?.id === ticketId && (e as any).ticket.lastMessage === DELETED);
    // The list too (what the web console, the kanban, the terminal inbox and the CLI show).
    const listed = (await t.call('GET', `/tickets?status=open&showAll=true`, { token: tenant.admin.token })).body.tickets.find((row: { id: string }) => row.id === ticketId);
    expect(listed.lastMessage).to.equal(DELETED);
  });

  it("a customer deletes their last message: the last message and the customer's last words both follow", async () => {
    const { number, ticketId } = await openTicket();
    const said = await customerSays(t, tenant.admin, whatsappId, number, 'my card number is 1234');
    await eventually(async () => (await ticket(ticketId)).lastCustomerMessage === 'my card number is 1234', 5_000, 'counted');
    const deleted = await t.call('POST', `/sandbox/${whatsappId}/messages`, { token: tenant.admin.token, body: { kind: 'delete', from: number, targetProviderMessageId: said } });
    expect(deleted.status, JSON.stringify(deleted.body)).to.equal(201);
    const after = await eventually(async () => {
      const now = await ticket(ticketId);
      return now.lastMessage === DELETED ? now : null;
    }, 5_000, 'preview followed');
    expect(after.lastCustomerMessage).to.equal(DELETED);
    await waitFor(live.events, (e) => (e as any).action === 'update' && (e as any).ticket?.id === ticketId && (e as any).ticket.lastCustomerMessage === DELETED);
  });

  it('previews read as text: a signature as "Name: text", WhatsApp marks taken out', async () => {
    const { ticketId } = await openTicket();
    await send(ticketId, 'your order is *ready* and _paid_', true);
    const now = await ticket(ticketId);
    expect(now.lastMessage).to.equal('Ana Agent: your order is ready and paid');
    // The conversation keeps the text as written (the clients render the marks).
    expect((await messages(ticketId)).at(-1)!.body).to.equal('*Ana Agent*:\nyour order is *ready* and _paid_');
  });

  it("media are previewed by kind, and carry their file's name and size", async () => {
    const { number, ticketId } = await openTicket();
    await customerSays(t, tenant.admin, whatsappId, number, '', { media: { data: OGG.toString('base64'), mimeType: 'audio/ogg', fileName: 'PTT-20250310-WA0001.ogg' } });
    const voice = await eventually(async () => ((await ticket(ticketId)).lastMessage === 'Mensagem de voz' ? ticket(ticketId) : null), 5_000, 'voice preview');
    expect(voice.lastCustomerMessage).to.equal('Mensagem de voz');

    await customerSays(t, tenant.admin, whatsappId, number, 'contrato.pdf', { media: { data: PDF.toString('base64'), mimeType: 'application/pdf', fileName: 'contrato.pdf' } });
    await eventually(async () => (await ticket(ticketId)).lastMessage === 'Documento: contrato.pdf', 5_000, 'document preview');
    const pdf = (await messages(ticketId)).find((m) => m.mediaType === 'application');
    expect(pdf).to.include({ mediaName: 'contrato.pdf', mediaSize: PDF.length });
    const audio = (await messages(ticketId)).find((m) => m.mediaType === 'audio');
    expect(audio).to.include({ mediaName: 'PTT-20250310-WA0001.ogg', mediaSize: OGG.length });
  });

  it('a file sent without a caption reaches the customer without its name as text', async () => {
    const { number, ticketId } = await openTicket();
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'foto-produto.png');
    form.append('body', '');
    const answer = await fetch(`${t.url}/api/messages/${ticketId}`, { method: 'POST', headers: { authorization: `Bearer ${agent.token}` }, body: form });
    expect(answer.status).to.equal(201);
    const [image] = (await answer.json()) as Record<string, any>[];
    expect(image).to.include({ mediaType: 'image', mediaName: 'foto-produto.png', mediaSize: PNG.length, origin: 'agent' });
    const received = await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).find((m: any) => m.media?.fileName === 'foto-produto.png'), 5_000, 'image received');
    expect(received.body).to.equal('');
    expect((await ticket(ticketId)).lastMessage).to.equal('Foto');
  });
});
