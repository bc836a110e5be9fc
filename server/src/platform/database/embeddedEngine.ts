// Embedded MongoDB-compatible engine: FerretDB on SQLite, run as a child process.
// Used when MONGODB_URI is unset. Invariant: at most one engine per data dir, so
// a start first stops any engine a previous (crashed) process left running there.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { basename, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { ensureFerretdb } from '../../../../scripts/engine/ensure.mjs';

export interface EmbeddedEngine {
  uri: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export interface EngineLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

const HOST = '127.0.0.1';
const READY_DEADLINE_MS = 20_000;
const STOP_GRACE_MS = 5_000;
const KILL_WAIT_MS = 2_000;
const POLL_MS = 25;
const PORT_ATTEMPTS = 3;
const STDERR_KEEP = 20;

interface EngineRecord {
  pid: number;
  port: number;
  startedAt: string;
}

export async function startEmbeddedEngine(opts: {
  dataDir: string;
  logger?: EngineLogger;
  binary?: string;
}): Promise<EmbeddedEngine> {
  const logger = opts.logger ?? console;
  const engineDir = join(resolve(opts.dataDir), 'ferretdb');
  await mkdir(engineDir, { recursive: true });
  const binary = opts.binary ?? (await ensureFerretdb({ log: (msg) => logger.info(msg) }));

  await stopStaleEngine(engineDir, logger);

  // The chosen port is free when picked but may be taken before FerretDB binds it.
  for (let attempt = 1; ; attempt++) {
    const port = await pickFreePort();
    try {
      return await launch(binary, engineDir, port, logger);
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt === PORT_ATTEMPTS) throw err;
      logger.warn(`FerretDB: port ${port} was taken before it could bind; retrying on another port`);
    }
  }
}

class PortTakenError extends Error {}

async function launch(binary: string, engineDir: string, port: number, logger: EngineLogger): Promise<EmbeddedEngine> {
  const startedAt = Date.now();
  const child = spawn(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=${sqliteUrl(engineDir)}`,
      `--state-dir=${engineDir}`,
      `--listen-addr=${HOST}:${port}`,
      '--debug-addr=-', // the default is a fixed port (8088): two engines would clash
      '--telemetry=disable',
      '--log-format=json',
      '--log-level=error', // WARN logs every error reply (even the driver's routine endSessions)
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stderr = collectStderr(child, logger);
  // 'close' comes after 'exit' once stderr is drained: error messages then have the last lines.
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  // Our exit handler (below) kills the engine, so it need not keep Node alive.
  child.unref();
  (child.stderr as Socket).unref();

  const spawned = await new Promise<Error | undefined>((done) => {
    child.once('spawn', () => done(undefined));
    child.once('error', done);
  });
  if (spawned || child.pid === undefined) throw new Error(`FerretDB: cannot run ${binary}: ${spawned?.message}`);
  const pid = child.pid;

  // Recorded before it is ready, so a crash of this process while waiting still leaves a trace.
  await writeRecord(engineDir, { pid, port, startedAt: new Date(startedAt).toISOString() });

  const ready = await waitForPing(port, child, startedAt + READY_DEADLINE_MS);
  if (!ready) {
    const exitedByItself = hasExited(child);
    await terminate(child, closed);
    await removeRecord(engineDir, pid);
    const why = exitedByItself ? `exited (${exitStatus(child)})` : `did not answer ping within ${READY_DEADLINE_MS} ms`;
    const message = stderr.explain(`FerretDB ${why} on ${HOST}:${port}`);
    throw message.includes('address already in use') ? new PortTakenError(message) : new Error(message);
  }

  return runningEngine({ child, closed, pid, port, engineDir, logger, stderr, startedAt });
}

function runningEngine(engine: {
  child: ChildProcess;
  closed: Promise<void>;
  pid: number;
  port: number;
  engineDir: string;
  logger: EngineLogger;
  stderr: StderrTail;
  startedAt: number;
}): EmbeddedEngine {
  const { child, closed, pid, port, engineDir, logger, stderr, startedAt } = engine;
  let stopping: Promise<void> | undefined;
  // Only synchronous work is possible in 'exit' handlers; SIGTERM lets FerretDB close SQLite cleanly.
  const killOnExit = () => child.kill('SIGTERM');
  process.on('exit', killOnExit);

  void closed.then(() => {
    process.off('exit', killOnExit);
    if (!stopping) {
      logger.error(stderr.explain(`FerretDB (pid ${pid}) exited unexpectedly (${exitStatus(child)})`));
    }
  });

  logger.info(`FerretDB (pid ${pid}) ready on ${HOST}:${port} in ${Date.now() - startedAt} ms, data in ${engineDir}`);
  return {
    uri: `mongodb://${HOST}:${port}/`,
    port,
    pid,
    stop() {
      stopping ??= (async () => {
        process.off('exit', killOnExit);
        await terminate(child, closed);
        await removeRecord(engineDir, pid);
      })();
      return stopping;
    },
  };
}

function sqliteUrl(engineDir: string): string {
  return `file:${engineDir}/`; // FerretDB wants an existing directory, with trailing slash
}

// ---- readiness ------------------------------------------------------------------

async function pickFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => server.once('error', fail).listen(0, HOST, done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('cannot pick a free TCP port');
  return address.port;
}

/** Polls until the engine answers a MongoDB ping; false if it exits or the deadline passes. */
async function waitForPing(port: number, child: ChildProcess, deadline: number): Promise<boolean> {
  while (Date.now() < deadline && !hasExited(child)) {
    // A cheap TCP probe first: the driver's server selection waits out its whole timeout on refusal.
    // Whoever answered must be our child, not a server that won the port from it.
    if ((await acceptsTcp(port)) && (await answersPing(port))) return !hasExited(child);
    await delay(POLL_MS);
  }
  return false;
}

function acceptsTcp(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, HOST);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

async function answersPing(port: number): Promise<boolean> {
  const client = new MongoClient(`mongodb://${HOST}:${port}/`, {
    directConnection: true,
    serverSelectionTimeoutMS: 1_000,
    connectTimeoutMS: 1_000,
  });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

// ---- engine output ----------------------------------------------------------------

interface StderrTail {
  /** The message, followed by the engine's last output lines if there are any. */
  explain(message: string): string;
}

/** Keeps FerretDB's last log lines for error messages and forwards them to our logger. */
function collectStderr(child: ChildProcess, logger: EngineLogger): StderrTail {
  const lines: string[] = [];
  let partial = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const raw of parts.filter(Boolean)) {
      const { level, text } = parseLogLine(raw);
      lines.push(text);
      if (lines.length > STDERR_KEEP) lines.shift();
      (level.startsWith('ERROR') ? logger.error : logger.warn).call(logger, `FerretDB: ${text}`);
    }
  });
  return {
    explain(message) {
      const tail = [...lines, partial].filter(Boolean).join('\n');
      return tail ? `${message}. Last engine output:\n${tail}` : message;
    },
  };
}

function parseLogLine(raw: string): { level: string; text: string } {
  try {
    const entry = JSON.parse(raw) as { level?: string; msg?: string; error?: string };
    const text = [entry.level, entry.msg, entry.error].filter(Boolean).join(' ');
    return { level: entry.level ?? 'WARN', text };
  } catch {
    return { level: 'ERROR', text: raw }; // not JSON: Go's plain log.Fatal / panics
  }
}

// ---- stopping -----------------------------------------------------------------------

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function exitStatus(child: ChildProcess): string {
  return child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
}

/** SIGTERM our own child, SIGKILL after a grace period; resolves once it is reaped and its output read. */
async function terminate(child: ChildProcess, closed: Promise<void>): Promise<void> {
  child.kill('SIGTERM'); // no-op once it has exited (Node never signals a reaped pid)
  // Also keeps Node alive while we wait: the child and its stderr are unref'd.
  const escalate = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await closed;
  clearTimeout(escalate);
}

/** Stops an engine recorded in engine.json that still runs on this data dir (e.g. its parent was SIGKILLed). */
async function stopStaleEngine(engineDir: string, logger: EngineLogger): Promise<void> {
  const record = await readRecord(engineDir);
  if (!record) return;
  if (await isEngineOn(record.pid, engineDir)) {
    logger.warn(`FerretDB: stopping the engine left running on ${engineDir} (pid ${record.pid})`);
    signal(record.pid, 'SIGTERM');
    if (!(await waitUntilGone(record.pid, engineDir, STOP_GRACE_MS))) {
      signal(record.pid, 'SIGKILL');
      if (!(await waitUntilGone(record.pid, engineDir, KILL_WAIT_MS))) {
        throw new Error(`FerretDB: cannot stop the previous engine (pid ${record.pid}) on ${engineDir}`);
      }
    }
  }
  await rm(recordPath(engineDir), { force: true });
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone (ESRCH): that is what we want
  }
}

async function waitUntilGone(pid: number, engineDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await isEngineOn(pid, engineDir)) {
    if (Date.now() > deadline) return false;
    await delay(POLL_MS);
  }
  return true;
}

/** True if pid is a live FerretDB serving this data dir (not a dead pid, a zombie, or a reused pid). */
async function isEngineOn(pid: number, engineDir: string): Promise<boolean> {
  const [program, ...args] = await processArgv(pid);
  const isFerretdb = program !== undefined && basename(program).startsWith('ferretdb');
  return isFerretdb && args.includes(`--sqlite-url=${sqliteUrl(engineDir)}`);
}

/** The process's argv; [] if it is gone or a zombie (whose cmdline is empty). */
async function processArgv(pid: number): Promise<string[]> {
  if (process.platform === 'linux') {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean);
  }
  // No /proc (macOS): `ps` joins argv with spaces; split before each of our `--flag`s.
  const line = await new Promise<string>((done) =>
    execFile('ps', ['-o', 'args=', '-p', String(pid)], (err, out) => done(err ? '' : out.trim())),
  );
  return line ? line.split(/ (?=--)/) : [];
}

// ---- engine.json --------------------------------------------------------------------

function recordPath(engineDir: string): string {
  return join(engineDir, 'engine.json');
}

async function writeRecord(engineDir: string, record: EngineRecord): Promise<void> {
  await writeFile(recordPath(engineDir), `${JSON.stringify(record)}\n`);
}

async function readRecord(engineDir: string): Promise<EngineRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(recordPath(engineDir), 'utf8')) as Partial<EngineRecord>;
    return Number.isInteger(record.pid) && record.pid! > 0 ? (record as EngineRecord) : undefined;
  } catch {
    return undefined; // missing or unreadable: nothing to stop
  }
}

/** Removes engine.json unless a newer engine has replaced it. */
async function removeRecord(engineDir: string, pid: number): Promise<void> {
  if ((await readRecord(engineDir))?.pid === pid) await rm(recordPath(engineDir), { force: true });
}
