// Mocha global fixture: one database engine for the whole test run.
// MONGODB_URI wins; otherwise an embedded engine (FerretDB on PostgreSQL) on a throwaway data dir.
// Test files get their own database from testDatabaseUri().

import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/platform/database/embeddedEngine.js';

// Env vars rather than module state: they reach every test file however mocha loads them.
const BASE_URI_ENV = 'ATENDE_TEST_MONGO_BASE';
/** The embedded engine's PostgreSQL, so that test apps tune their databases as the server does. */
export const POSTGRES_URL_ENV = 'ATENDE_TEST_POSTGRES_URL';

let engine: EmbeddedEngine | undefined;
let dataDir: string | undefined;

export async function mochaGlobalSetup(): Promise<void> {
  if (process.env.MONGODB_URI) {
    process.env[BASE_URI_ENV] = process.env.MONGODB_URI;
    return;
  }
  dataDir = await mkdtemp(join(tmpdir(), 'atende-test-'));
  // mkdtemp makes it private; PostgreSQL may run as another user (when the tests run as root).
  await chmod(dataDir, 0o755);
  engine = await startEmbeddedEngine({
    dataDir,
    logger: { info: () => {}, warn: console.warn, error: console.error },
    // Throwaway data: no need to wait for the disk.
    postgresSettings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  process.env[BASE_URI_ENV] = engine.uri;
  process.env[POSTGRES_URL_ENV] = engine.postgres.url;
}

export async function mochaGlobalTeardown(): Promise<void> {
  await engine?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

/** True when tests run on the embedded engine (FerretDB), whose known gaps some tests must skip. */
export function usingEmbeddedEngine(): boolean {
  return !process.env.MONGODB_URI;
}

/** The test engine's URI with a database unique to this run, e.g. `atende_test_<name>_<random>`. */
export function testDatabaseUri(name: string): string {
  const base = process.env[BASE_URI_ENV];
  if (!base) throw new Error(`${BASE_URI_ENV} is unset: run tests with mocha (.mocharc.json loads this fixture)`);
  const database = `atende_test_${name.replace(/\W/g, '_').slice(0, 32)}_${randomBytes(4).toString('hex')}`;
  // Replace the path (database) and keep credentials, hosts (possibly several) and options.
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(base);
  if (!match) throw new Error(`not a MongoDB URI: ${base}`);
  return `${match[1]}/${database}${match[2] ?? ''}`;
}
