/**
 * `atende db migrate` runs this: moves a data dir of the previous release (FerretDB on SQLite) to
 * the embedded PostgreSQL engine without starting the server (the server does it at its first
 * start too). Progress goes to stderr; the outcome is one JSON line on stdout:
 * { status: 'moved' | 'nothing' | 'running', dataDir, collections?, pid? }. Exit 3: the engine of
 * that data dir is running (stop the server first), 1: the copy failed (the old files are untouched).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { engineDirOf, startEmbeddedEngine } from './platform/database/embeddedEngine.js';
import { servesStateDir } from './platform/database/engine/ferretdb.js';
import { readRecordAt } from './platform/database/engine/record.js';
import { hasLegacySqlite, legacyDirOf } from './platform/database/legacySqlite.js';

function say(outcome: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
}

async function migrate(): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const dataDir = path.resolve(process.env.ATENDE_DATA_DIR || './data');
  if (!(await hasLegacySqlite(dataDir))) {
    say({ status: 'nothing', dataDir });
    return 0;
  }
  // A server of this release or of the previous one may be running on the data dir.
  for (const dir of [engineDirOf(dataDir), legacyDirOf(dataDir)]) {
    const running = await readRecordAt(dir);
    if (running && (await servesStateDir(running.pid, dir))) {
      say({ status: 'running', dataDir, pid: running.pid });
      return 3;
    }
  }
  const log = (msg: string) => process.stderr.write(`${msg}\n`);
  const engine = await startEmbeddedEngine({ dataDir, logger: { info: log, warn: log, error: log } });
  await engine.stop();
  say({ status: 'moved', dataDir, collections: engine.migrated });
  return 0;
}

migrate().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`atende: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
