/**
 * The application a benchmark measures: the real app in this process, on MONGODB_URI when set,
 * else on an embedded engine with a temporary data dir, in a database of its own; plus a small
 * JSON client of its API and the teardown (database dropped, engine stopped, data dir removed).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { createApp, type App } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/platform/config.js';
import { createLogger } from '../../server/src/platform/logger.js';
import { startEmbeddedEngine, type EmbeddedEngine } from '../../server/src/platform/database/embeddedEngine.js';
import { monitorDatabaseCommands } from '../../server/src/platform/database/commandLog.js';

export const BENCH_PASSWORD = 'bench-pass';
export const BENCH_SUPER_EMAIL = 'bench-super@atende.bench';

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export interface BenchApp {
  app: App;
  url: string;
  /** The embedded engine, or 'MongoDB (MONGODB_URI)'. */
  engineName: string;
  /** The database's name, and the PostgreSQL under the embedded engine (null on MONGODB_URI). */
  databaseName: string;
  postgresUrl: string | null;
  /** The embedded engine's processes; null on MONGODB_URI. */
  enginePids(): { ferretdb: number; postgres: number } | null;
  call(method: string, route: string, token?: string, body?: unknown): Promise<any>;
  stop(): Promise<void>;
}

export async function startBenchApp(env: Record<string, string> = {}): Promise<BenchApp> {
  let engine: EmbeddedEngine | null = null;
  let dataDir: string | null = null;
  let uri = process.env.MONGODB_URI;
  if (!uri) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atende-bench-'));
    engine = await startEmbeddedEngine({ dataDir, logger: { info: () => undefined, warn: log, error: log } });
    uri = engine.uri;
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGODB_URI: uri,
    ATENDE_DB_NAME: `atende_bench_${randomBytes(3).toString('hex')}`,
    ATENDE_DATA_DIR: dataDir ?? path.join(tmpdir(), 'atende-bench-media'),
    ATENDE_ADMIN_EMAIL: BENCH_SUPER_EMAIL,
    ATENDE_ADMIN_PASSWORD: BENCH_PASSWORD,
    JWT_SECRET: randomBytes(24).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'silent',
    ATENDE_SANDBOX_ACK_MS: '50',
    // The engine is started here, so the server is told where its PostgreSQL is (for the GIN indexes).
    ...(engine ? { ATENDE_FERRETDB_POSTGRES_URL: engine.postgres.url } : {}),
    ...env,
  });
  // The benchmarks count the database commands of each operation.
  monitorDatabaseCommands();
  const app = await createApp(config, createLogger(process.env.BENCH_LOG_LEVEL ?? 'silent'));
  await app.start();
  const url = app.server.info.uri;
  return {
    app,
    url,
    engineName: engine ? 'embedded FerretDB 1.24.2 on PostgreSQL 17' : 'MongoDB (MONGODB_URI)',
    databaseName: config.databaseName,
    postgresUrl: engine?.postgres.url ?? null,
    enginePids: () => (engine ? { ferretdb: engine.pid, postgres: engine.postgres.pid } : null),
    async call(method, route, token, body) {
      const response = await fetch(`${url}/api${route}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 200)}`);
      return text ? JSON.parse(text) : null;
    },
    async stop() {
      await mongoose.connection.dropDatabase().catch(() => undefined);
      await app.stop();
      await engine?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a benchmark's main and exits with its outcome. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}

/** A company on a plan with room to spare, and its admin signed in, through the API. */
export async function benchCompany(bench: BenchApp): Promise<{ superToken: string; adminToken: string; companyId: string }> {
  const { call } = bench;
  const superToken = (await call('POST', '/auth/login', undefined, { email: BENCH_SUPER_EMAIL, password: BENCH_PASSWORD })).token as string;
  const plan = await call('POST', '/plans', superToken, { name: 'Bench', users: 100, connections: 5, queues: 10, useKanban: true });
  const company = await call('POST', '/companies', superToken, { name: 'Bench Co', email: 'admin@bench.co', password: BENCH_PASSWORD, planId: plan.id });
  const adminToken = (await call('POST', '/auth/login', undefined, { email: 'admin@bench.co', password: BENCH_PASSWORD })).token as string;
  return { superToken, adminToken, companyId: company.id as string };
}

/** A sandbox connection of the company, started and paired (CONNECTED); answers its id. */
export async function benchSandbox(bench: BenchApp, adminToken: string, name: string): Promise<string> {
  const { call } = bench;
  const whatsapp = await call('POST', '/whatsapp', adminToken, { name, provider: 'sandbox' });
  await call('POST', `/whatsappsession/${whatsapp.id}`, adminToken);
  for (let i = 0; i < 50 && (await call('GET', `/whatsapp/${whatsapp.id}`, adminToken)).status !== 'qrcode'; i += 1) await new Promise((r) => setTimeout(r, 100));
  await call('POST', `/sandbox/${whatsapp.id}/pair`, adminToken, {});
  return whatsapp.id as string;
}
