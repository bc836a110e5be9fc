/**
 * Starts the real Atende server as a child process for the tests of the programs that talk to it
 * over the network (cli, tui, web e2e): its own port, data dir and embedded engine (or
 * MONGODB_URI with a database of its own), a known super admin, fast jobs and sandbox timings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_SUPER_EMAIL = 'super@atende.test';
export const SERVER_SUPER_PASSWORD = 'super-secret';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_DEADLINE_MS = 60_000;
const STOP_DEADLINE_MS = 10_000;

export interface SpawnedServer {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  dataDir: string;
  /** Its database's name (in the embedded engine of `dataDir`, or on MONGODB_URI). */
  databaseName: string;
  /** What the server printed (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, wait for the exit, remove the data dir (unless `keepData`). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface SpawnServerOptions {
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
  /** Reuse a data dir (restart tests); a new temporary one otherwise. */
  dataDir?: string;
  /** Port to listen on; a free one otherwise. */
  port?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function spawnServer(options: SpawnServerOptions = {}): Promise<SpawnedServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'atende-server-')));
  // mkdtemp makes it private; the embedded PostgreSQL may run as another user (tests run as root).
  await chmod(dataDir, 0o755);
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    ATENDE_PUBLIC_URL: url,
    ATENDE_DATA_DIR: dataDir,
    ATENDE_ADMIN_EMAIL: SERVER_SUPER_EMAIL,
    ATENDE_ADMIN_PASSWORD: SERVER_SUPER_PASSWORD,
    JWT_SECRET: 'test-access-secret-0123456789',
    JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789',
    LOG_LEVEL: 'warn',
    ATENDE_JOBS_PROCESS_EVERY: '100',
    ATENDE_JOB_LOCK_MS: '1000',
    ATENDE_SANDBOX_ACK_MS: '50',
    ATENDE_SANDBOX_QR_MS: '300',
    NODE_ENV: 'test',
    // The operator's allow-list: the tests' stand-ins (webhook receivers, Typebot, OpenAI-compatible) listen on 127.0.0.1.
    ATENDE_OUTBOUND_ALLOW: '127.0.0.1',
    ...options.env,
  };
  if (process.env.MONGODB_URI && !options.env?.ATENDE_DB_NAME) {
    env.ATENDE_DB_NAME = `atende_spawned_${randomBytes(4).toString('hex')}`;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const stop = async ({ keepData = false } = {}) => {
    await terminate(child);
    if (!keepData && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, databaseName: env.ATENDE_DB_NAME ?? 'atende', output: () => output, stop };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const answer = await fetch(`${url}/api/health`);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${READY_DEADLINE_MS} ms:\n${output()}`);
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_DEADLINE_MS);
  await exited;
  clearTimeout(timer);
}
