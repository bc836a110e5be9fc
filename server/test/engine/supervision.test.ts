import { expect } from 'chai';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { runningEngineUri } from '../../src/platform/database/embeddedEngine.js';
import { usingEmbeddedEngine } from '../support/engine.js';
import { eventually } from '../support/inboxFixtures.js';
import { isRunning, waitUntilGone } from '../support/processes.js';
import { call, login, startServer, statusOf, type ServerProcess } from '../support/serverProcess.js';

const EMAIL = 'super@supervision.test';
const PASSWORD = 'supervision-secret';

interface Record {
  pid: number;
  postgresPid: number;
}

describe('the server supervises its embedded engine: a program killed (-9) is restarted, requests fail fast meanwhile', function () {
  this.timeout(120_000);
  let dataDir: string;
  let server: ServerProcess | undefined;
  let token: string;

  const engineRecord = async (): Promise<Record> => JSON.parse(await readFile(path.join(dataDir, 'engine', 'engine.json'), 'utf8'));

  before(async function () {
    if (!usingEmbeddedEngine()) this.skip();
    dataDir = await mkdtemp(path.join(tmpdir(), 'atende-supervision-'));
    // PostgreSQL may run as another user (tests as root): it must reach the data dir.
    await chmod(dataDir, 0o755);
    server = await startServer(
      {
        ATENDE_DATA_DIR: dataDir,
        ATENDE_DB_NAME: 'atende_supervision',
        ATENDE_ADMIN_EMAIL: EMAIL,
        ATENDE_ADMIN_PASSWORD: PASSWORD,
        JWT_SECRET: 'supervision-access-secret-0123456789',
        JWT_REFRESH_SECRET: 'supervision-refresh-secret-0123456789',
        MONGODB_URI: '',
        // An outage long enough to be seen from here, however busy the machine.
        ATENDE_ENGINE_RESTART_MS: '2000',
      },
      90_000,
    );
    token = await login(server, EMAIL, PASSWORD);
  });

  after(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function timed(route: string): Promise<{ status: number; error: string | undefined; ms: number }> {
    const started = Date.now();
    const answer = await call(server!, route === '/health' ? null : token, 'GET', route);
    return { status: answer.status, error: answer.body?.error, ms: Date.now() - started };
  }

  async function recovers(): Promise<number> {
    const started = Date.now();
    for (;;) {
      const answer = await timed('/users');
      if (answer.status === 200) return Date.now() - started;
      expect(answer.status, `only 503 while the engine comes back:\n${server!.output().split('\n').filter((line) => /request failed|died|restart/.test(line)).join('\n')}`).to.equal(503);
      if (Date.now() - started > 60_000) throw new Error('the server did not recover');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Answers of `workers` loops of reads and writes, until `until` settles (and each loop's request in hand ends). */
  async function underLoad(workers: number, until: Promise<unknown>): Promise<{ route: string; status: number; error: string | undefined }[]> {
    const answers: { route: string; status: number; error: string | undefined }[] = [];
    let done = false;
    void until.finally(() => (done = true));
    const routes = (n: number): [string, string, unknown?][] => [
      ['GET', '/tickets?status=open&showAll=true'],
      ['POST', '/tags', { name: `load ${n} ${Math.random().toString(36).slice(2, 8)}`, color: '#336699' }],
      ['GET', '/contacts'],
      ['GET', '/users'],
      ['POST', '/contacts', { name: `Load ${n}`, number: `5511977${String(n).padStart(6, '0')}` }],
    ];
    let n = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (!done) {
          n += 1;
          const [method, route, body] = routes(n)[n % 5]!;
          const answer = await call(server!, token, method, route, body).catch((err: Error) => ({ status: 0, body: { error: err.message } }));
          answers.push({ route: `${method} ${route}`, status: answer.status, error: answer.body?.error });
        }
      }),
    );
    return answers;
  }

  it('PostgreSQL killed under load: every request in flight answers 2xx or 503 ERR_DATABASE_UNAVAILABLE, none 500', async () => {
    expect((await timed('/users')).status).to.equal(200);
    const { postgresPid } = await engineRecord();
    let killed = false;
    const outage = (async () => {
      // Requests are in flight when it dies: the loops below run from the start.
      await new Promise((resolve) => setTimeout(resolve, 500));
      process.kill(postgresPid, 'SIGKILL');
      killed = true;
      expect(await waitUntilGone(postgresPid)).to.equal(true);
      await recovers();
    })();
    const answers = await underLoad(12, outage);
    await outage;
    expect(killed).to.equal(true);
    const wrong = answers.filter(({ status, error }) => !(status >= 200 && status < 300) && !(status === 503 && error === 'ERR_DATABASE_UNAVAILABLE'));
    expect(answers.filter(({ status }) => status === 503).length, 'some requests met the outage').to.be.above(0);
    expect(wrong, `answers other than 2xx or 503 of ${answers.length}:\n${server!.output().split('\n').filter((line) => /request failed/.test(line)).slice(0, 5).join('\n')}`).to.deep.equal([]);
  });

  it('PostgreSQL killed during a burst of customer messages: every ticket counts what it stored, each message has a place of its own', async () => {
    const created = await call(server!, token, 'POST', '/whatsapp', { name: 'Burst line', provider: 'sandbox' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const whatsappId = created.body.id as string;
    await statusOf(server!, token, whatsappId, 'qrcode');
    expect((await call(server!, token, 'POST', `/sandbox/${whatsappId}/pair`, {})).status).to.equal(200);
    const customers = Array.from({ length: 16 }, (_, i) => `551198700${String(i).padStart(4, '0')}`);
    const send = (from: string, n: number) =>
      call(server!, token, 'POST', `/sandbox/${whatsappId}/messages`, { from, name: `C${from.slice(-2)}`, body: `${from.slice(-2)} says ${n}`, providerMessageId: `burst-${from}-${n}` }).catch(() => null);
    let delivered = 0;
    const { postgresPid } = await engineRecord();
    // A customer writes on once the server answers again, whatever happened to the message in flight;
    // the phone delivers the refused ones again only at the end.
    const refused: [string, number][] = [];
    const back = () => eventually(async () => (await call(server!, null, 'GET', '/health')).status === 200, 60_000, 'the engine back');
    const burst = customers.map(async (from) => {
      for (let n = 1; n <= 8; n += 1) {
        if ((await send(from, n))?.status === 201) delivered += 1;
        else {
          refused.push([from, n]);
          await back();
        }
      }
    });
    await eventually(async () => delivered >= 40, 60_000, 'a third of the burst stored');
    process.kill(postgresPid, 'SIGKILL');
    await Promise.all(burst);
    await recovers();
    for (const [from, n] of refused) {
      await eventually(async () => (await send(from, n))?.status === 201, 30_000, `message ${n} of ${from} delivered again`);
    }

    const tickets = (await call(server!, token, 'GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: string; contact: { number: string }; unreadMessages: number; lastMessage: string }[];
    const ours = tickets.filter((ticket) => customers.includes(ticket.contact.number));
    expect(ours).to.have.length(customers.length);
    const client = await new MongoClient((await runningEngineUri(dataDir))!, { directConnection: true }).connect();
    try {
      for (const ticket of ours) {
        const bodies: string[] = [];
        for (let page = 1; ; page += 1) {
          const answer = (await call(server!, token, 'GET', `/messages/${ticket.id}?pageNumber=${page}`)).body;
          bodies.unshift(...(answer.messages as { body: string }[]).map((message) => message.body));
          if (!answer.hasMore) break;
        }
        const number = ticket.contact.number;
        expect([...bodies].sort(), `the messages of ${number}, each once`).to.deep.equal(Array.from({ length: 8 }, (_, n) => `${number.slice(-2)} says ${n + 1}`).sort());
        expect(ticket.unreadMessages, `unread of ${number}`).to.equal(8);
        expect(ticket.lastMessage, `last message of ${number}`).to.equal(bodies.at(-1));
        const seqs = (await client.db('atende_supervision').collection('messages').find({ ticketId: new ObjectId(ticket.id) }).toArray()).map((message) => message.seq as number);
        expect(new Set(seqs).size, `places of ${number}`).to.equal(seqs.length);
      }
    } finally {
      await client.close();
    }
  });

  it('PostgreSQL killed while agents reply: a ticket never names a reply that was not stored', async () => {
    const me = (await call(server!, token, 'GET', '/auth/me')).body;
    const userId = (me.user ?? me).id as string;
    const pending = ((await call(server!, token, 'GET', '/tickets?status=pending&showAll=true')).body.tickets as { id: string }[]).slice(0, 12);
    expect(pending.length).to.be.above(0);
    for (const ticket of pending) expect((await call(server!, token, 'PUT', `/tickets/${ticket.id}`, { status: 'open', userId })).status).to.equal(200);
    const { postgresPid } = await engineRecord();
    let stored = 0;
    // Each agent replies until a reply is refused, and then waits: nothing later hides what that one left.
    const agents = pending.map(async (ticket) => {
      for (let n = 1; n <= 40; n += 1) {
        const answer = await call(server!, token, 'POST', `/messages/${ticket.id}`, { body: `reply ${n}` }).catch(() => null);
        if (answer?.status !== 201) return;
        stored += 1;
      }
    });
    await eventually(async () => stored >= 40, 60_000, 'replies stored');
    process.kill(postgresPid, 'SIGKILL');
    await Promise.all(agents);
    await recovers();
    await eventually(async () => {
      const open = (await call(server!, token, 'GET', '/tickets?status=open&showAll=true')).body.tickets as { id: string; lastMessage: string }[];
      for (const ticket of open.filter((candidate) => pending.some(({ id }) => id === candidate.id))) {
        const last = (await call(server!, token, 'GET', `/messages/${ticket.id}`)).body.messages as { body: string }[];
        if (ticket.lastMessage !== last.at(-1)?.body) return false;
      }
      return true;
    }, 30_000, 'every ticket naming its last stored message');
  });

  for (const program of ['FerretDB', 'PostgreSQL'] as const) {
    it(`${program} killed: 503 ERR_DATABASE_UNAVAILABLE at once and in /health, then back by itself`, async () => {
      expect((await timed('/users')).status).to.equal(200);
      const before = await engineRecord();
      const pid = program === 'FerretDB' ? before.pid : before.postgresPid;
      process.kill(pid, 'SIGKILL');
      expect(await waitUntilGone(pid)).to.equal(true);

      // The server notices at once (the program was its child); /health says so.
      const noticed = Date.now();
      let health = await call(server!, null, 'GET', '/health');
      while (health.status === 200 && Date.now() - noticed < 2_000) health = await call(server!, null, 'GET', '/health');
      expect(health.status).to.equal(503);
      expect(health.body.status).to.equal('degraded');
      expect(health.body.database.state).to.not.equal('connected');
      const during = await timed('/users');
      expect(during, 'a request while the engine is down').to.deep.include({ status: 503, error: 'ERR_DATABASE_UNAVAILABLE' });
      expect(during.ms).to.be.below(1_000);

      await recovers();
      const after = await engineRecord();
      const replacement = program === 'FerretDB' ? after.pid : after.postgresPid;
      expect(replacement).to.not.equal(pid);
      expect(await isRunning(replacement)).to.equal(true);
      const healthy = await call(server!, null, 'GET', '/health');
      expect(healthy.status).to.equal(200);
      expect(healthy.body.database).to.deep.equal({ state: 'connected', engine: 'embedded' });
      // The data is still there: the super user logs in again.
      expect(await login(server!, EMAIL, PASSWORD)).to.be.a('string');
      expect(server!.output()).to.match(new RegExp(`${program} \\(pid ${pid}\\) died`));
    });
  }
});
