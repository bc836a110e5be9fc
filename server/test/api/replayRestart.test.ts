import { expect } from 'chai';
import { call, login as loginAs, restartableServers, statusOf, type RestartableServers, type ServerProcess } from '../support/serverProcess.js';

const EMAIL = 'super@replay.test';
const PASSWORD = 'replay-secret';
const login = (server: ServerProcess) => loginAs(server, EMAIL, PASSWORD);

describe('an outage survives the server killed (-9) and restarted: every held message is replayed once, in order', () => {
  let servers: RestartableServers;

  before(async () => {
    servers = await restartableServers('restart', {
      ATENDE_ADMIN_EMAIL: EMAIL,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'restart-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'restart-refresh-secret-0123456789',
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_JOBS_PROCESS_EVERY: '100',
    });
  });
  after(() => servers?.remove());

  it('50 messages from 10 customers held while offline, server killed, restarted, back online: all stored once in each chat order', async function () {
    this.timeout(120_000);
    const first = await servers.start();
    let token = await login(first);
    const created = await call(first, token, 'POST', '/whatsapp', { name: 'Restart line', provider: 'sandbox' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const id = created.body.id as string;
    await statusOf(first, token, id, 'qrcode');
    expect((await call(first, token, 'POST', `/sandbox/${id}/pair`, {})).status).to.equal(200);
    expect((await call(first, token, 'POST', `/sandbox/${id}/connectivity`, { online: false })).status).to.equal(200);

    const customers = Array.from({ length: 10 }, (_, i) => `551197000${String(i).padStart(4, '0')}`);
    for (let round = 1; round <= 5; round += 1) {
      for (const from of customers) {
        const held = await call(first, token, 'POST', `/sandbox/${id}/messages`, { from, name: `C${from.slice(-2)}`, body: `message ${round}` });
        expect(held.status, JSON.stringify(held.body)).to.equal(202);
      }
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).to.equal(null);

    const second = await servers.start();
    token = await login(second);
    // The phone is still offline after the restart: TIMEOUT, nothing delivered yet.
    await statusOf(second, token, id, 'TIMEOUT');
    const back = await call(second, token, 'POST', `/sandbox/${id}/connectivity`, { online: true, replay: { repeat: 10, shuffle: true } });
    expect(back.status, JSON.stringify(back.body)).to.equal(200);
    expect(back.body.queued).to.equal(0);
    await statusOf(second, token, id, 'CONNECTED');

    const tickets = (await call(second, token, 'GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: string; contact: { number: string } }[];
    expect(tickets.map((ticket) => ticket.contact.number).sort()).to.deep.equal([...customers].sort());
    for (const ticket of tickets) {
      const messages = (await call(second, token, 'GET', `/messages/${ticket.id}`)).body.messages as { body: string; createdAt: string }[];
      const byTime = [...messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((m) => m.body);
      expect(byTime, `conversation of ${ticket.contact.number}`).to.deep.equal(['message 1', 'message 2', 'message 3', 'message 4', 'message 5']);
    }
    const health = await call(second, token, 'GET', `/whatsapp/${id}/health`);
    expect(health.body).to.deep.include({ status: 'CONNECTED', recovered: 50 });

    second.child.kill('SIGTERM');
    expect(await second.exited).to.equal(0);
  });
});
