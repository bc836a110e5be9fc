/**
 * The embedded database engine, used when MONGODB_URI is unset: FerretDB 1.24 (MongoDB wire
 * protocol) on an embedded PostgreSQL 17, both run as child processes with their data under the
 * data dir. Invariant: at most one engine per data dir, so a start first stops whatever a previous
 * (crashed) process left running there. While it runs, a program that dies is restarted on its
 * port (engine/supervisor.ts). A data dir of the previous release (FerretDB on SQLite) is copied
 * over on the first start (legacySqlite.ts).
 *
 *   <data dir>/postgres/   the PostgreSQL cluster
 *   <data dir>/engine/     engine.json (running processes), the PostgreSQL password, FerretDB's state
 *
 * FerretDB lets in only clients that log in as PostgreSQL's role with that password (`uri` carries
 * them; engine/ferretdb.ts), so another local process cannot read the data through its port.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ensureFerretdb } from './engine/ferretdbBuild.js';
import { drainBrokenConnections, ferretdbUri, startFerretdb, stopLeftoverFerretdb } from './engine/ferretdb.js';
import { POSTGRES_USER, startPostgres } from './engine/postgres.js';
import { supervise } from './engine/supervisor.js';
import type { EngineLogger } from './engine/processes.js';
import { readRecordAt, removeRecordAt, writeRecordAt, type EngineRecord } from './engine/record.js';
import { migrateLegacySqlite, type CollectionCopy } from './legacySqlite.js';

export type { EngineLogger } from './engine/processes.js';

export interface EmbeddedEngine {
  /** FerretDB's MongoDB URI, with the credentials it requires. */
  uri: string;
  port: number;
  /** FerretDB's pid (the current one: it changes when FerretDB is restarted). */
  readonly pid: number;
  postgres: { url: string; port: number; readonly pid: number };
  /** 'restarting' while one of the two programs died and is not back yet. */
  state(): 'running' | 'restarting';
  /** What this start moved over from a data dir of the previous release (usually nothing). */
  migrated: CollectionCopy[];
  stop(): Promise<void>;
}

export interface EmbeddedEngineOptions {
  dataDir: string;
  logger?: EngineLogger;
  /** The FerretDB binary (built from source when omitted). */
  binary?: string;
  /** Extra PostgreSQL settings, e.g. `synchronous_commit: 'off'` for throwaway test data. */
  postgresSettings?: Record<string, string>;
  /** First pause before a program that died is restarted (doubles while restarts fail). */
  restartPauseMs?: number;
  /** FerretDB's GOGC (engine/ferretdb.ts's DEFAULT_GOGC when omitted). */
  gogc?: number;
}

export function engineDirOf(dataDir: string): string {
  return join(resolve(dataDir), 'engine');
}

function passwordFileOf(engineDir: string): string {
  return join(engineDir, 'postgres-password');
}

/** The URI of the engine a server runs on this data dir (its record and kept password), or null when none is recorded. */
export async function runningEngineUri(dataDir: string): Promise<string | null> {
  const engineDir = engineDirOf(dataDir);
  const record = await readRecordAt(engineDir);
  if (!record) return null;
  const password = (await readFile(passwordFileOf(engineDir), 'utf8')).trim();
  return ferretdbUri(record.port, { username: POSTGRES_USER, password });
}

export async function startEmbeddedEngine(opts: EmbeddedEngineOptions): Promise<EmbeddedEngine> {
  const logger = opts.logger ?? console;
  const dataDir = resolve(opts.dataDir);
  const engineDir = engineDirOf(dataDir);
  await mkdir(engineDir, { recursive: true });
  const binary = opts.binary ?? (await ensureFerretdb({ log: (msg: string) => logger.info(msg) }));

  const leftover = await readRecordAt(engineDir);
  if (leftover) await stopLeftoverFerretdb(leftover.pid, engineDir);
  await removeRecordAt(engineDir);

  const startedAt = Date.now();
  const startPostgresOn = (port?: number) =>
    startPostgres({ dir: join(dataDir, 'postgres'), passwordFile: passwordFileOf(engineDir), logger, settings: opts.postgresSettings, ...(port ? { port } : {}) });
  const firstPostgres = await startPostgresOn();
  const startFerretdbOn = (port?: number) => startFerretdb({ binary, stateDir: engineDir, backend: { postgresqlUrl: firstPostgres.url }, logger, gogc: opts.gogc, ...(port ? { port } : {}) });
  let firstFerretdb;
  try {
    firstFerretdb = await startFerretdbOn();
  } catch (err) {
    await firstPostgres.stop();
    throw err;
  }
  let pids = { pid: firstFerretdb.pid, postgresPid: firstPostgres.pid };
  // The record names the live processes, so that a crashed run's leftovers are found by it.
  const record = async (changed: Partial<typeof pids>) => {
    pids = { ...pids, ...changed };
    const current: EngineRecord = { ...pids, port: firstFerretdb.port, postgresPort: firstPostgres.port, startedAt: new Date(startedAt).toISOString() };
    await writeRecordAt(engineDir, current);
  };
  await record({});
  const named = async (field: 'pid' | 'postgresPid', pid: number) => (await readRecordAt(engineDir))?.[field] === pid;
  const postgres = supervise('PostgreSQL', firstPostgres, startPostgresOn, logger, {
    stillOurs: (dead) => named('postgresPid', dead.pid),
    restarted: async (next) => {
      await record({ postgresPid: next.pid });
      await drainBrokenConnections(firstFerretdb.uri);
    },
  }, opts.restartPauseMs);
  const ferretdb = supervise('FerretDB', firstFerretdb, startFerretdbOn, logger, {
    stillOurs: (dead) => named('pid', dead.pid),
    restarted: (next) => record({ pid: next.pid }),
  }, opts.restartPauseMs);

  let stopping: Promise<void> | undefined;
  const engine: EmbeddedEngine = {
    uri: firstFerretdb.uri,
    port: firstFerretdb.port,
    get pid() {
      return pids.pid;
    },
    postgres: {
      url: firstPostgres.url,
      port: firstPostgres.port,
      get pid() {
        return pids.postgresPid;
      },
    },
    state: () => (postgres.current() && ferretdb.current() ? 'running' : 'restarting'),
    migrated: [],
    stop() {
      stopping ??= (async () => {
        await ferretdb.stop();
        await postgres.stop();
        if ((await readRecordAt(engineDir))?.pid === pids.pid) await removeRecordAt(engineDir);
      })();
      return stopping;
    },
  };
  try {
    engine.migrated = await migrateLegacySqlite({ dataDir, binary, target: engine.uri, logger });
  } catch (err) {
    await engine.stop();
    throw err;
  }
  return engine;
}
