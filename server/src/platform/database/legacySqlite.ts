/**
 * Moves a data dir of the previous release (FerretDB on SQLite, files under `<data dir>/ferretdb`)
 * to the PostgreSQL engine: the old engine is started on its files, every collection of every
 * database is copied with its indexes, the counts are compared and printed, and only then the old
 * folder is renamed to `ferretdb-sqlite.migrated` (kept as a backup; delete it once satisfied).
 * An interrupted copy is started over at the next start: collections are emptied before copying.
 */
import { readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { MongoClient, type Db, type Document } from 'mongodb';
import { readRecordAt } from './engine/record.js';
import { startFerretdb, stopLeftoverFerretdb } from './engine/ferretdb.js';
import type { EngineLogger } from './engine/processes.js';

const BATCH = 1_000;
const PROGRESS_EVERY = 20_000;
const SYSTEM_DATABASES = new Set(['admin', 'config', 'local']);

export interface CollectionCopy {
  database: string;
  collection: string;
  source: number;
  copied: number;
}

export function legacyDirOf(dataDir: string): string {
  return join(dataDir, 'ferretdb');
}

export async function hasLegacySqlite(dataDir: string): Promise<boolean> {
  const entries = await readdir(legacyDirOf(dataDir)).catch(() => [] as string[]);
  return entries.some((name) => name.endsWith('.sqlite'));
}

/** Copies the SQLite data dir into the engine at `target`, if there is one; answers what was copied. */
export async function migrateLegacySqlite(opts: { dataDir: string; binary: string; target: string; logger: EngineLogger }): Promise<CollectionCopy[]> {
  const { dataDir, binary, target, logger } = opts;
  if (!(await hasLegacySqlite(dataDir))) return [];
  const legacyDir = legacyDirOf(dataDir);
  logger.warn(`Moving the data of the previous release (FerretDB on SQLite, ${legacyDir}) to PostgreSQL; the old files are kept`);
  const leftover = await readRecordAt(legacyDir);
  if (leftover) await stopLeftoverFerretdb(leftover.pid, legacyDir);

  const old = await startFerretdb({ binary, stateDir: legacyDir, backend: { sqliteDir: legacyDir }, logger });
  const from = new MongoClient(old.uri, { directConnection: true });
  const to = new MongoClient(target, { directConnection: true });
  let copies: CollectionCopy[];
  try {
    await Promise.all([from.connect(), to.connect()]);
    copies = await copyAll(from, to, logger);
  } finally {
    await Promise.all([from.close(), to.close()]);
    await old.stop();
  }
  const wrong = copies.filter((copy) => copy.copied !== copy.source);
  for (const copy of copies) logger.info(`  ${copy.database}.${copy.collection}: ${copy.copied} of ${copy.source} documents`);
  if (wrong.length > 0) {
    const list = wrong.map((copy) => `${copy.database}.${copy.collection} (${copy.copied} of ${copy.source})`).join(', ');
    throw new Error(`The copy from SQLite is incomplete: ${list}. The old files in ${legacyDir} are untouched; the next start tries again.`);
  }
  const backup = join(dataDir, 'ferretdb-sqlite.migrated');
  await rename(legacyDir, backup);
  const total = copies.reduce((sum, copy) => sum + copy.copied, 0);
  logger.warn(`Moved ${total} documents in ${copies.length} collections to PostgreSQL, counts verified. The SQLite files are kept in ${backup}: delete that folder once you have checked your data.`);
  return copies;
}

async function copyAll(from: MongoClient, to: MongoClient, logger: EngineLogger): Promise<CollectionCopy[]> {
  const { databases } = await from.db('admin').admin().listDatabases({ nameOnly: true });
  const copies: CollectionCopy[] = [];
  for (const { name } of databases) {
    if (SYSTEM_DATABASES.has(name)) continue;
    const source = from.db(name);
    const targetDb = to.db(name);
    for (const { name: collection } of await source.listCollections({}, { nameOnly: true }).toArray()) {
      copies.push(await copyCollection(source, targetDb, collection, logger));
    }
  }
  return copies;
}

async function copyCollection(source: Db, target: Db, name: string, logger: EngineLogger): Promise<CollectionCopy> {
  const from = source.collection(name);
  const to = target.collection(name);
  // A copy interrupted by a crash is redone from the start.
  await to.drop().catch(() => undefined);
  await target.createCollection(name);
  for (const index of await from.listIndexes().toArray()) {
    if (index.name === '_id_') continue;
    const { key, name: indexName, unique } = index as Document;
    await to.createIndex(key as Document, { name: indexName as string, unique: Boolean(unique) });
  }
  const expected = await from.countDocuments({});
  let copied = 0;
  let batch: Document[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await to.insertMany(batch, { ordered: false });
    copied += batch.length;
    batch = [];
    if (copied % PROGRESS_EVERY === 0) logger.info(`  ${source.databaseName}.${name}: ${copied} of ${expected}...`);
  };
  for await (const doc of from.find({})) {
    batch.push(doc);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  return { database: source.databaseName, collection: name, source: expected, copied: await to.countDocuments({}) };
}
