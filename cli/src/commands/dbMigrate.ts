/**
 * atende db migrate: moves a data dir of the previous release (FerretDB on SQLite) to the embedded
 * PostgreSQL engine, as the server's first start would, and prints what was copied. It runs the
 * server's own migration (server/src/migrate.ts) in a child process: the CLI imports no server
 * code, and the copy needs the engine binaries of this checkout.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';
import { emit, table } from '../support/output.js';

interface CollectionCopy {
  database: string;
  collection: string;
  source: number;
  copied: number;
}

interface Outcome {
  status: 'moved' | 'nothing' | 'running';
  dataDir: string;
  collections?: CollectionCopy[];
  pid?: number;
}

/** The checkout's root: the CLI runs from cli/dist (built) or cli/src (tests). */
function checkoutRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../..');
}

function runMigration(root: string, dataDir: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/migrate.ts')], {
      cwd: root,
      env: { ...process.env, ATENDE_DATA_DIR: dataDir },
      // Progress lines of the copy go straight to the operator's terminal.
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout }));
  });
}

export async function dbMigrate(ctx: Context, options: { dataDir?: string }): Promise<void> {
  const { t } = ctx;
  const root = checkoutRoot();
  const script = join(root, 'server/src/migrate.ts');
  if (!existsSync(script)) throw new Error(t('db.migrateNeedsCheckout', { path: script }));
  // Relative to where the operator stands, not to the checkout the child runs in.
  const dataDir = resolve(options.dataDir ?? (ctx.env.ATENDE_DATA_DIR || 'data'));
  const { code, stdout } = await runMigration(root, dataDir);
  const line = stdout.trim().split('\n').pop() ?? '';
  const outcome = line.startsWith('{') ? (JSON.parse(line) as Outcome) : null;
  if (!outcome) throw new Error(t('db.migrateFailed', { code: code ?? '-' }));
  if (outcome.status === 'running') throw new UsageError(t('db.migrateRunning', { pid: outcome.pid, dataDir }));
  const collections = outcome.collections ?? [];
  emit(ctx, outcome, () => {
    if (outcome.status === 'nothing') return t('db.migrateNothing', { dataDir });
    const documents = collections.reduce((sum, copy) => sum + copy.copied, 0);
    const rows = table(collections, [
      { label: t('db.collection'), value: (copy) => `${copy.database}.${copy.collection}` },
      { label: t('db.sqliteCount'), value: (copy) => copy.source },
      { label: t('db.postgresCount'), value: (copy) => copy.copied },
    ]);
    return `${rows}\n${t('db.migrated', { documents, collections: collections.length, backup: join(dataDir, 'ferretdb-sqlite.migrated') })}`;
  });
}
