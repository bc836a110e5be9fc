/** Child-process plumbing shared by the embedded engine's two programs (PostgreSQL and FerretDB). */
import { execFile, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

export interface EngineLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export const HOST = '127.0.0.1';
export const POLL_MS = 25;
const STDERR_KEEP = 20;

/** The chosen port was taken by someone else before the program could bind it. */
export class PortTakenError extends Error {}

export async function pickFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => server.once('error', fail).listen(0, HOST, done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('cannot pick a free TCP port');
  return address.port;
}

export function acceptsTcp(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, HOST);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * Polls `ready` until it answers true; false when the child exits or the deadline passes. A cheap
 * TCP probe goes first: drivers wait out their whole timeout on a refused connection.
 */
export async function waitUntilReady(port: number, child: ChildProcess, deadline: number, ready: () => Promise<boolean>): Promise<boolean> {
  while (Date.now() < deadline && !hasExited(child)) {
    // Whoever answered must be our child, not a server that won the port from it.
    if ((await acceptsTcp(port)) && (await ready())) return !hasExited(child);
    await delay(POLL_MS);
  }
  return false;
}

export interface StderrTail {
  /** The message, followed by the program's last output lines if there are any. */
  explain(message: string): string;
}

/** Keeps a program's last log lines for error messages and forwards them to our logger. */
export function collectStderr(child: ChildProcess, name: string, logger: EngineLogger, parse: (raw: string) => { level: 'warn' | 'error' | 'skip'; text: string }): StderrTail {
  const lines: string[] = [];
  let partial = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const raw of parts.filter(Boolean)) {
      const { level, text } = parse(raw);
      lines.push(text);
      if (lines.length > STDERR_KEEP) lines.shift();
      if (level !== 'skip') logger[level](`${name}: ${text}`);
    }
  });
  (child.stderr as Socket | null)?.unref();
  return {
    explain(message) {
      const tail = [...lines, partial].filter(Boolean).join('\n');
      return tail ? `${message}. Last output:\n${tail}` : message;
    },
  };
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export function exitStatus(child: ChildProcess): string {
  return child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
}

/** Signals our own child, SIGKILL after a grace period; resolves once it is reaped and its output read. */
export async function terminate(child: ChildProcess, closed: Promise<void>, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  child.kill(signal); // no-op once it has exited (Node never signals a reaped pid)
  // Also keeps Node alive while we wait: the child and its stderr are unref'd.
  const escalate = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await closed;
  clearTimeout(escalate);
}

export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone (ESRCH): that is what we want
  }
}

/** The process's argv; [] if it is gone or a zombie (whose cmdline is empty). */
export async function processArgv(pid: number): Promise<string[]> {
  if (process.platform === 'linux') {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean);
  }
  // No /proc (macOS): `ps` joins argv with spaces; split before each `-flag`.
  const line = await new Promise<string>((done) => execFile('ps', ['-o', 'args=', '-p', String(pid)], (err, out) => done(err ? '' : out.trim())));
  return line ? line.split(/ (?=-)/) : [];
}

/**
 * Stops a process left running by a crashed run (found by `isOurs`): `first` signal, SIGKILL after
 * the grace period. Throws when it cannot be stopped.
 */
export async function stopLeftover(pid: number, isOurs: () => Promise<boolean>, first: NodeJS.Signals, graceMs: number, what: string): Promise<void> {
  if (!(await isOurs())) return;
  signal(pid, first);
  if (await waitUntil(async () => !(await isOurs()), graceMs)) return;
  signal(pid, 'SIGKILL');
  if (!(await waitUntil(async () => !(await isOurs()), 2_000))) throw new Error(`cannot stop the previous ${what} (pid ${pid})`);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await delay(POLL_MS);
  }
  return true;
}
