import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';

const serverDir = path.resolve(import.meta.dirname, '../..');
const EMAIL = 'super@replay.test';
const PASSWORD = 'replay-secret';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** The real server (src/main.ts) in a process of its own, on the test engine's database. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!output.includes('sessions started')) {
    if (Date.now() - started > 45_000 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url: `http://127.0.0.1:${port}/api`, exited };
}

async function call(server: Server, token: string | null, method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
  const answer = await fetch(`${server.url}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null };
}

async function login(server: Server): Promise<string> {
  const answer = await call(server, null, 'POST', '/auth/login', { email: EMAIL, password: PASSWORD });
  expect(answer.status).to.equal(200);
  return answer.body.token as string;
}

async function statusOf(server: Server, token: string, id: string, wanted: string): Promise<void> {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < 10_000) {
    last = (await call(server, token, 'GET', `/whatsapp/${id}`)).body?.status;
    if (last === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`status ${wanted} not reached (last ${last})`);
}

describe('an outage survives the server killed (-9) and restarted: every held message is replayed once, in order', () => {
  let dataDir: string;
  const databaseName = `atende_test_restart_${randomBytes(4).toString('hex')}`;
  const running: Server[] = [];
  let env: Record<string, string>;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atende-replay-restart-'));
    env = {
      MONGODB_URI: process.env.ATENDE_TEST_MONGO_BASE!,
      ATENDE_DB_NAME: databaseName,
      ATENDE_DATA_DIR: dataDir,
      ATENDE_ADMIN_EMAIL: EMAIL,
      ATENDE_ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'restart-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'restart-refresh-secret-0123456789',
      ATENDE_SANDBOX_ACK_MS: '20',
      ATENDE_JOBS_PROCESS_EVERY: '100',
    };
  });
  after(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    const connection = await mongoose.createConnection(`${process.env.ATENDE_TEST_MONGO_BASE}`, { dbName: databaseName }).asPromise();
    await connection.dropDatabase();
    await connection.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('50 messages from 10 customers held while offline, server killed, restarted, back online: all stored once in each chat order', async function () {
    this.timeout(120_000);
    const first = await startServer(env);
    running.push(first);
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

    const second = await startServer(env);
    running.push(second);
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
