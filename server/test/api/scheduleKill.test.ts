import { expect } from 'chai';
import { call, login as loginAs, restartableServers, statusOf, type RestartableServers, type ServerProcess } from '../support/serverProcess.js';
import { eventually } from '../support/inboxFixtures.js';

const EMAIL = 'super@schedulekill.test';
const PASSWORD = 'schedule-kill-secret';
const login = (server: ServerProcess) => loginAs(server, EMAIL, PASSWORD);
const COUNT = 10;


describe('scheduled messages survive the server killed (-9) while sending them: each is sent exactly once', () => {
  let servers: RestartableServers;

  before(async () => {
    servers = await restartableServers('schedulekill', {
      ATENDE_ADMIN_EMAIL: EMAIL,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'schedule-kill-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'schedule-kill-refresh-secret-0123456789',
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_JOBS_PROCESS_EVERY: '100',
      ATENDE_JOB_LOCK_MS: '1000',
    });
  });
  after(() => servers?.remove());

  it(`${COUNT} schedules due at once, the server killed after the first is sent, restarted: all ENVIADA, each customer got one message`, async function () {
    this.timeout(300_000);
    const first = await servers.start();
    let token = await login(first);
    const created = await call(first, token, 'POST', '/whatsapp', { name: 'Schedules line', provider: 'sandbox', isDefault: true });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const whatsappId = created.body.id as string;
    await statusOf(first, token, whatsappId, 'qrcode');
    expect((await call(first, token, 'POST', `/sandbox/${whatsappId}/pair`, {})).status).to.equal(200);

    const numbers = Array.from({ length: COUNT }, (_, i) => `551196000${String(i).padStart(4, '0')}`);
    const sendAt = new Date(Date.now() + 4_000).toISOString();
    for (const [index, number] of numbers.entries()) {
      const contact = await call(first, token, 'POST', '/contacts', { name: `Kill ${index}`, number });
      expect(contact.status, JSON.stringify(contact.body)).to.equal(201);
      const schedule = await call(first, token, 'POST', '/schedules', { body: `scheduled for {{name}}`, contactId: contact.body.id, sendAt });
      expect(schedule.status, JSON.stringify(schedule.body)).to.equal(201);
    }
    const sentCount = async (server: ServerProcess, bearer: string) => {
      const page = await call(server, bearer, 'GET', `/schedules?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
      return (page.body.schedules as { status: string }[]).filter((schedule) => schedule.status === 'ENVIADA').length;
    };
    await eventually(async () => (await sentCount(first, token)) > 0 || null, 60_000, 'a first schedule sent').catch((err: Error) => {
      throw new Error(`${err.message}\n${first.output().slice(-6000)}`);
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).to.equal(null);

    const second = await servers.start();
    token = await login(second);
    await eventually(async () => (await sentCount(second, token)) === COUNT || null, 60_000, 'every schedule sent').catch(async (err: Error) => {
      throw new Error(`${err.message} (sent ${await sentCount(second, token)})\n${second.output().split('\n').filter((line) => !line.includes('"request"')).slice(-60).join('\n')}`);
    });
    // Each customer received exactly one message, with the variable rendered.
    await eventually(
      async () => {
        for (const [index, number] of numbers.entries()) {
          const outbox = (await call(second, token, 'GET', `/sandbox/${whatsappId}/outbox?to=${number}`)).body.messages as { body: string }[];
          if (outbox.length === 0) return null;
          expect(outbox.map((message) => message.body), number).to.deep.equal([`scheduled for Kill ${index}`]);
        }
        return true;
      },
      30_000,
      'every customer served',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const number of numbers) {
      const outbox = (await call(second, token, 'GET', `/sandbox/${whatsappId}/outbox?to=${number}`)).body.messages as unknown[];
      expect(outbox, number).to.have.length(1);
    }
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
