/**
 * The embedded database engine, used when MONGODB_URI is unset: FerretDB 1.24 (MongoDB wire
 * protocol) on an embedded PostgreSQL 17, both run as child processes with their data under the
 * data dir. Invariant: at most one engine per data dir, so a start first stops whatever a previous
 * (crashed) process left running there. A data dir of the previous release (FerretDB on SQLite) is
 * copied over on the first start (legacySqlite.ts).
 *
 *   <data dir>/postgres/   the PostgreSQL cluster
 *   <data dir>/engine/     engine.json (running processes), the PostgreSQL password, FerretDB's state
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ensureFerretdb } from '../../../../scripts/engine/ensure.mjs';
import { startFerretdb, stopLeftoverFerretdb } from './engine/ferretdb.js';
import { startPostgres } from './engine/postgres.js';
import type { EngineLogger } from './engine/processes.js';
import { readRecordAt, removeRecordAt, writeRecordAt, type EngineRecord } from './engine/record.js';
import { migrateLegacySqlite, type CollectionCopy } from './legacySqlite.js';

export type { EngineLogger } from './engine/processes.js';

export interface EmbeddedEngine {
  /** FerretDB's MongoDB URI. */
  uri: string;
  port: number;
  /** FerretDB's pid. */
  pid: number;
  postgres: { url: string; port: number; pid: number };
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
}

export function engineDirOf(dataDir: string): string {
  return join(resolve(dataDir), 'engine');
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
  const postgres = await startPostgres({
    dir: join(dataDir, 'postgres'),
    passwordFile: join(engineDir, 'postgres-password'),
    logger,
    settings: opts.postgresSettings,
  });
  let ferretdb;
  try {
    ferretdb = await startFerretdb({ binary, stateDir: engineDir, backend: { postgresqlUrl: postgres.url }, logger });
  } catch (err) {
    await postgres.stop();
    throw err;
  }
  const record: EngineRecord = { pid: ferretdb.pid, port: ferretdb.port, postgresPid: postgres.pid, postgresPort: postgres.port, startedAt: new Date(startedAt).toISOString() };
  await writeRecordAt(engineDir, record);

  let stopping: Promise<void> | undefined;
  const engine: EmbeddedEngine = {
    uri: ferretdb.uri,
    port: ferretdb.port,
    pid: ferretdb.pid,
    postgres: { url: postgres.url, port: postgres.port, pid: postgres.pid },
    migrated: [],
    stop() {
      stopping ??= (async () => {
        await ferretdb.stop();
        await postgres.stop();
        if ((await readRecordAt(engineDir))?.pid === ferretdb.pid) await removeRecordAt(engineDir);
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
