/**
 * The Redis that multi-node tests share: the machine's (127.0.0.1:6379), else a `redis-server`
 * on PATH started on a free port for the run; null when neither exists (the test says so and skips).
 */
import { spawn } from 'node:child_process';
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

async function startOwn(): Promise<string | null> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const failed = new Promise<boolean>((resolve) => child.once('error', () => resolve(true)));
  for (let tries = 0; tries < 50; tries++) {
    if (await Promise.race([failed, new Promise<false>((resolve) => setTimeout(() => resolve(false), 100))])) return null;
    if (await answersPing(port)) {
      child.unref();
      process.once('exit', () => child.kill('SIGKILL'));
      return `redis://127.0.0.1:${port}`;
    }
  }
  child.kill('SIGKILL');
  return null;
}

export function testRedisUrl(): Promise<string | null> {
  found ??= answersPing(6379).then((ok) => (ok ? 'redis://127.0.0.1:6379' : startOwn()));
  return found;
}

export const NO_REDIS = 'no Redis for the multi-node test: none answers at 127.0.0.1:6379 and no redis-server is on PATH';
