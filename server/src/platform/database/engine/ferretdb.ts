/**
 * FerretDB 1.24 on the embedded PostgreSQL: the MongoDB wire protocol the server talks to.
 *
 * On PostgreSQL, FerretDB is given the backend's address without a user or password: it opens
 * PostgreSQL's connections with each client's own credentials (the PLAIN mechanism), so a client
 * that brings none, or wrong ones, is refused by PostgreSQL before it reads anything. The role and
 * password of the backend URL are what clients log in with (`uri`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { MongoClient } from 'mongodb';
import {
  collectStderr,
  exitStatus,
  hasExited,
  HOST,
  pickFreePort,
  PortTakenError,
  processArgv,
  stopLeftover,
  terminate,
  waitUntilReady,
  type EngineLogger,
} from './processes.js';

const READY_DEADLINE_MS = 20_000;
const STOP_GRACE_MS = 5_000;
/**
 * FerretDB's connections to PostgreSQL. An update holds two (its read cursor and its write
 * transaction): clients must keep fewer than half this many commands in flight, or every update
 * waits for a connection another one holds (connect.ts caps the driver's pool at 16).
 */
export const POOL_MAX_CONNS = 40;

/**
 * Go's default (100) collects garbage each time the heap doubles: FerretDB builds every document
 * PostgreSQL returns as a tree of small objects, so a list call spent a fifth of its CPU in the
 * collector. Letting the heap grow 4x between collections cuts FerretDB's CPU per list call by a
 * quarter for about 30 MB more memory (figures in the README, "Database engine").
 */
export const DEFAULT_GOGC = 400;

export interface FerretdbProcess {
  port: number;
  pid: number;
  /** With the clients' credentials on PostgreSQL (none on SQLite). */
  uri: string;
  /** Settles with the exit status once the process has exited, stopped or not. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface FerretdbOptions {
  binary: string;
  /** FerretDB's own state (a small state.json); marks which process serves this data dir. */
  stateDir: string;
  /** Where the data is: the embedded PostgreSQL, or the SQLite folder of the previous release. */
  backend: { postgresqlUrl: string } | { sqliteDir: string };
  logger: EngineLogger;
  /** The port to listen on (a restart keeps its clients' address); a free one when omitted. */
  port?: number;
  /** Go's GOGC for the process (DEFAULT_GOGC when omitted). */
  gogc?: number;
}

function stateArg(stateDir: string): string {
  return `--state-dir=${stateDir}`;
}

/** True if pid is a live FerretDB serving this data dir (not a dead pid, a zombie, or a reused pid). */
export async function servesStateDir(pid: number, stateDir: string): Promise<boolean> {
  return (await processArgv(pid)).includes(stateArg(stateDir));
}

/** Stops a FerretDB a crashed run left serving this data dir. */
export async function stopLeftoverFerretdb(pid: number, stateDir: string): Promise<void> {
  await stopLeftover(pid, () => servesStateDir(pid, stateDir), 'SIGTERM', STOP_GRACE_MS, `FerretDB on ${stateDir}`);
}

function parseLine(raw: string): { level: 'warn' | 'error' | 'skip'; text: string } {
  try {
    const entry = JSON.parse(raw) as { level?: string; msg?: string; error?: string };
    const text = [entry.level, entry.msg, entry.error].filter(Boolean).join(' ');
    // A refused query (a unique index, say) is answered to the client, which reports it.
    if (entry.msg === 'Query') return { level: 'skip', text };
    return { level: entry.level?.startsWith('ERROR') ? 'error' : 'warn', text };
  } catch {
    return { level: 'error', text: raw }; // not JSON: Go's plain log.Fatal / panics
  }
}

async function answersPing(uri: string): Promise<boolean> {
  const client = new MongoClient(uri, { directConnection: true, serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000 });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

/**
 * After PostgreSQL came back: FerretDB's idle connections to the one that died fail once each
 * (and are then dropped). Commands that each hold a connection, as many as its pool has, are sent
 * until a round passes whole, so that no client request meets a dead connection.
 */
export async function drainBrokenConnections(uri: string, rounds = 20): Promise<void> {
  const client = new MongoClient(uri, { directConnection: true, maxPoolSize: POOL_MAX_CONNS, serverSelectionTimeoutMS: 2_000 });
  try {
    for (let round = 0; round < rounds; round++) {
      const probes = Array.from({ length: POOL_MAX_CONNS }, () => client.db('admin').command({ listDatabases: 1, nameOnly: true }).then(() => true, () => false));
      if ((await Promise.all(probes)).every(Boolean)) return;
    }
  } finally {
    await client.close();
  }
}

export async function startFerretdb(options: FerretdbOptions): Promise<FerretdbProcess> {
  // The chosen port is free when picked but may be taken before FerretDB binds it.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await pickFreePort());
    try {
      return await launch(options, port);
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt === 3 || options.port) throw err;
      options.logger.warn(`FerretDB: port ${port} was taken before it could bind; retrying on another port`);
    }
  }
}

function backendArgs(backend: FerretdbOptions['backend']): string[] {
  if ('sqliteDir' in backend) return ['--handler=sqlite', `--sqlite-url=file:${backend.sqliteDir}/`];
  const url = new URL(backend.postgresqlUrl);
  url.username = '';
  url.password = '';
  url.searchParams.set('pool_max_conns', String(POOL_MAX_CONNS));
  return ['--handler=postgresql', `--postgresql-url=${url.toString()}`];
}

/** A FerretDB's address for clients, logging in as a PostgreSQL role when given one. */
export function ferretdbUri(port: number, role?: { username: string; password: string }): string {
  if (!role) return `mongodb://${HOST}:${port}/`;
  return `mongodb://${encodeURIComponent(role.username)}:${encodeURIComponent(role.password)}@${HOST}:${port}/?authMechanism=PLAIN`;
}

/** The address clients use: on PostgreSQL with the backend URL's role and password. */
function clientUri(backend: FerretdbOptions['backend'], port: number): string {
  if ('sqliteDir' in backend) return ferretdbUri(port);
  const url = new URL(backend.postgresqlUrl);
  return ferretdbUri(port, { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
}

/**
 * Our environment without PostgreSQL's client settings: a client without credentials must not be
 * let in with a password found in PGPASSWORD or a ~/.pgpass of the user running the server.
 */
function backendClientEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
  return { ...env, PGPASSFILE: '/dev/null' };
}

async function launch({ binary, stateDir, backend, logger, gogc = DEFAULT_GOGC }: FerretdbOptions, port: number): Promise<FerretdbProcess> {
  const startedAt = Date.now();
  const uri = clientUri(backend, port);
  const child: ChildProcess = spawn(
    binary,
    [
      ...backendArgs(backend),
      stateArg(stateDir),
      `--listen-addr=${HOST}:${port}`,
      '--debug-addr=-', // the default is a fixed port (8088): two engines would clash
      '--telemetry=disable',
      '--log-format=json',
      '--log-level=error', // WARN logs every error reply (even the driver's routine endSessions)
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...backendClientEnv(), GOGC: String(gogc) } },
  );
  const output = collectStderr(child, 'FerretDB', logger, parseLine);
  // 'close' comes after 'exit' once stderr is drained: error messages then have the last lines.
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  // Our exit handler (below) stops the engine, so it need not keep Node alive.
  child.unref();
  const spawned = await new Promise<Error | undefined>((done) => {
    child.once('spawn', () => done(undefined));
    child.once('error', done);
  });
  if (spawned || child.pid === undefined) throw new Error(`FerretDB: cannot run ${binary}: ${spawned?.message}`);
  const pid = child.pid;

  if (!(await waitUntilReady(port, child, startedAt + READY_DEADLINE_MS, () => answersPing(uri)))) {
    const exitedByItself = hasExited(child);
    await terminate(child, closed, 'SIGTERM', STOP_GRACE_MS);
    const why = exitedByItself ? `exited (${exitStatus(child)})` : `did not answer ping within ${READY_DEADLINE_MS} ms`;
    const message = output.explain(`FerretDB ${why} on ${HOST}:${port}`);
    throw message.includes('address already in use') ? new PortTakenError(message) : new Error(message);
  }

  let stopping: Promise<void> | undefined;
  const killOnExit = () => child.kill('SIGTERM');
  process.on('exit', killOnExit);
  void closed.then(() => {
    process.off('exit', killOnExit);
    if (!stopping) logger.error(output.explain(`FerretDB (pid ${pid}) exited unexpectedly (${exitStatus(child)})`));
  });
  logger.info(`FerretDB (pid ${pid}) ready on ${HOST}:${port} in ${Date.now() - startedAt} ms`);
  return {
    port,
    pid,
    uri,
    exited: closed.then(() => exitStatus(child)),
    stop() {
      stopping ??= (async () => {
        process.off('exit', killOnExit);
        await terminate(child, closed, 'SIGTERM', STOP_GRACE_MS);
      })();
      return stopping;
    },
  };
}
