// The real server (src/main.ts) in a process of its own, for tests that kill it (-9) or its engine.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import mongoose from 'mongoose';

const serverDir = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server with `env` over the test process's environment; resolves once its sessions started. */
export async function startServer(env: Record<string, string>, timeoutMs = 45_000): Promise<ServerProcess> {
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
    if (Date.now() - started > timeoutMs || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url: `http://127.0.0.1:${port}/api`, exited, output: () => output };
}

export async function call(server: ServerProcess, token: string | null, method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
  const answer = await fetch(`${server.url}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null };
}

export async function login(server: ServerProcess, email: string, password: string): Promise<string> {
  const answer = await call(server, null, 'POST', '/auth/login', { email, password });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  return answer.body.token as string;
}

/** Polls GET /whatsapp/{id} until its status is `wanted`. */
export async function statusOf(server: ServerProcess, token: string, id: string, wanted: string): Promise<void> {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < 10_000) {
    last = (await call(server, token, 'GET', `/whatsapp/${id}`)).body?.status;
    if (last === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`status ${wanted} not reached (last ${last})`);
}

/**
 * Servers of one test file, started, killed and started again over one database and data dir of
 * their own (on the tests' engine); `remove` kills what still runs and deletes both.
 */
export interface RestartableServers {
  /** The servers' database on the tests' engine (a test may write what no route of its area writes). */
  databaseName: string;
  start(): Promise<ServerProcess>;
  remove(): Promise<void>;
}

export async function restartableServers(name: string, env: Record<string, string>): Promise<RestartableServers> {
  const base = process.env.ATENDE_TEST_MONGO_BASE!;
  const databaseName = `atende_test_${name}_${randomBytes(4).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), `atende-${name}-`));
  const running: ServerProcess[] = [];
  return {
    databaseName,
    async start() {
      const server = await startServer({ MONGODB_URI: base, ATENDE_DB_NAME: databaseName, ATENDE_DATA_DIR: dataDir, ...env });
      running.push(server);
      return server;
    },
    async remove() {
      for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
      const connection = await mongoose.createConnection(base, { dbName: databaseName }).asPromise();
      await connection.dropDatabase();
      await connection.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
