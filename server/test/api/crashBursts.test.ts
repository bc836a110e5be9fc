import { expect } from 'chai';
import { eventually } from '../support/inboxFixtures.js';
import { call, login, restartableServers, statusOf, type RestartableServers, type ServerProcess } from '../support/serverProcess.js';

const EMAIL = 'super@crash.test';
const PASSWORD = 'crash-secret';

interface Line {
  server: ServerProcess;
  token: string;
  whatsappId: string;
}


describe('the server killed (-9) mid burst and restarted: nothing lost, doubled or miscounted', function () {
  this.timeout(120_000);
  let servers: RestartableServers;

  before(async () => {
    servers = await restartableServers('crash', {
      ATENDE_ADMIN_EMAIL: EMAIL,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'crash-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'crash-refresh-secret-0123456789',
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_SEND_RETRY_MS: '400',
    });
  });
  after(() => servers?.remove());

  const start = () => servers.start();

  async function crash(server: ServerProcess): Promise<void> {
    server.child.kill('SIGKILL');
    expect(await server.exited).to.equal(null);
  }

  async function newLine(server: ServerProcess, name: string): Promise<Line> {
    const token = await login(server, EMAIL, PASSWORD);
    const created = await call(server, token, 'POST', '/whatsapp', { name, provider: 'sandbox' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const whatsappId = created.body.id as string;
    await statusOf(server, token, whatsappId, 'qrcode');
    expect((await call(server, token, 'POST', `/sandbox/${whatsappId}/pair`, {})).status).to.equal(200);
    return { server, token, whatsappId };
  }

  async function ticketsOf(line: Line, status: string): Promise<{ id: string; contact: { number: string }; unreadMessages: number; lastMessage: string }[]> {
    return (await call(line.server, line.token, 'GET', `/tickets?status=${status}&showAll=true`)).body.tickets;
  }

  /** The whole conversation, oldest first (pages come newest first). */
  async function conversation(line: Line, ticketId: string): Promise<{ body: string; fromMe: boolean; ack: number }[]> {
    const messages = [];
    for (let page = 1; ; page += 1) {
      const answer = (await call(line.server, line.token, 'GET', `/messages/${ticketId}?pageNumber=${page}`)).body;
      messages.unshift(...answer.messages);
      if (!answer.hasMore) return messages;
    }
  }

  it('inbound: 60 messages from 6 customers, killed midway; after the restart every ticket counts what it stored', async () => {
    let line = await newLine(await start(), 'Inbound crash line');
    const customers = Array.from({ length: 6 }, (_, i) => `551198100${String(i).padStart(4, '0')}`);
    const acknowledged: string[] = [];
    const burst = customers.map(async (from) => {
      for (let n = 1; n <= 10; n += 1) {
        const body = `${from.slice(-2)} says ${n}`;
        const answer = await call(line.server, line.token, 'POST', `/sandbox/${line.whatsappId}/messages`, { from, name: `C${from.slice(-2)}`, body }).catch(() => null);
        if (answer?.status !== 201) return;
        acknowledged.push(body);
      }
    });
    await eventually(async () => acknowledged.length >= 25, 30_000, 'half the burst stored');
    await crash(line.server);
    await Promise.all(burst);

    line = { ...line, server: await start() };
    line.token = await login(line.server, EMAIL, PASSWORD);
    const tickets = await ticketsOf(line, 'pending');
    const stored: string[] = [];
    for (const ticket of tickets) {
      const messages = (await conversation(line, ticket.id)).filter((message) => !message.fromMe);
      stored.push(...messages.map((message) => message.body));
      expect(ticket.unreadMessages, `unread of ${ticket.contact.number}`).to.equal(messages.length);
      expect(ticket.lastMessage, `last message of ${ticket.contact.number}`).to.equal(messages.at(-1)?.body);
      expect(new Set(messages.map((message) => message.body)).size, 'stored once').to.equal(messages.length);
    }
    expect(stored).to.include.members(acknowledged);
    await crash(line.server);
  });

  it('outbound: 30 replies, the first failing, killed while they wait; after the restart each is delivered once, in order', async () => {
    const server = await start();
    const line = await newLine(server, 'Outbound crash line');
    const number = '5511982000001';
    expect((await call(server, line.token, 'POST', `/sandbox/${line.whatsappId}/messages`, { from: number, name: 'Buyer', body: 'hi' })).status).to.equal(201);
    const pending = await eventually(async () => (await ticketsOf(line, 'pending')).find((ticket) => ticket.contact.number === number), 10_000, 'ticket');
    const me = (await call(server, line.token, 'GET', '/auth/me')).body;
    const userId = (me.user ?? me).id as string;
    expect((await call(server, line.token, 'PUT', `/tickets/${pending.id}`, { status: 'open', userId })).status).to.equal(200);
    // The first send fails twice: the lane holds the rest back (0.4 s, then 0.8 s) when the kill comes.
    expect((await call(server, line.token, 'POST', `/sandbox/${line.whatsappId}/failures`, { count: 2 })).status).to.equal(200);

    const acknowledged: string[] = [];
    const replies = Array.from({ length: 30 }, (_, i) => `reply ${String(i + 1).padStart(2, '0')}`);
    const burst = (async () => {
      for (const body of replies) {
        const answer = await call(server, line.token, 'POST', `/messages/${pending.id}`, { body }).catch(() => null);
        if (answer?.status !== 201) return;
        acknowledged.push(body);
      }
    })();
    await eventually(async () => acknowledged.length >= 15, 30_000, 'half the replies stored');
    await crash(server);
    await burst;

    const second = await start();
    const again: Line = { ...line, server: second, token: await login(second, EMAIL, PASSWORD) };
    const written = await eventually(async () => {
      const messages = (await conversation(again, pending.id)).filter((message) => message.fromMe);
      return messages.every((message) => message.ack >= 1) && messages;
    }, 30_000, 'every stored reply sent');
    const delivered = (await call(second, again.token, 'GET', `/sandbox/${line.whatsappId}/outbox?to=${number}`)).body.messages as { body: string }[];
    expect(delivered.map((message) => message.body)).to.deep.equal(written.map((message) => message.body));
    expect(written.map((message) => message.body)).to.include.members(acknowledged);
    expect(written.length).to.be.at.least(15);
    second.child.kill('SIGTERM');
    expect(await second.exited).to.equal(0);
  });
});
