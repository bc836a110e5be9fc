/**
 * The Redis that multi-node tests share: the machine's (127.0.0.1:6379), else a `redis-server`
 * on PATH started on a free port for the run; null when neither exists (the test says so and skips).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';

let found: Promise<string | null> | undefined;

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A redis-server of this test process on `port`, answering; null when none can be run. */
async function runRedis(port: number): Promise<ChildProcess | null> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const failed = new Promise<boolean>((resolve) => child.once('error', () => resolve(true)));
  for (let tries = 0; tries < 50; tries++) {
    if (await Promise.race([failed, new Promise<false>((resolve) => setTimeout(() => resolve(false), 100))])) return null;
    if (await answersPing(port)) {
      child.unref();
      process.once('exit', () => child.kill('SIGKILL'));
      return child;
    }
  }
  child.kill('SIGKILL');
  return null;
}

async function startOwn(): Promise<string | null> {
  const port = await freePort();
  return (await runRedis(port)) ? `redis://127.0.0.1:${port}` : null;
}

/** A Redis of one test's own, which it may stop and start again on the same port (never the machine's). */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis | null> {
  const port = await freePort();
  let child = await runRedis(port);
  if (!child) return null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async start() {
      child = await runRedis(port);
      if (!child) throw new Error(`redis-server did not start again on port ${port}`);
    },
  };
}

export function testRedisUrl(): Promise<string | null> {
  found ??= answersPing(6379).then((ok) => (ok ? 'redis://127.0.0.1:6379' : startOwn()));
  return found;
}

export const NO_REDIS = 'no Redis for the multi-node test: none answers at 127.0.0.1:6379 and no redis-server is on PATH';
