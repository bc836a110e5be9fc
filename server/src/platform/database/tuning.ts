/**
 * Engine tuning for FerretDB 1.24 on PostgreSQL (the embedded engine, or one given with
 * ATENDE_FERRETDB_POSTGRES_URL). FerretDB pushes a top-level equality on a scalar field down to
 * PostgreSQL as `_jsonb->'field' @> value`, but its own indexes are btree on `(_jsonb->'field')`,
 * which `@>` never uses. So each model declares the fields its hot queries filter on by equality
 * (`engineKeys`), and every collection gets one GIN expression index per declared field, plus one on
 * `_id` (single-document gets). With MongoDB none of this runs: the models' compound indexes serve.
 *
 * Declare only selective fields (ids, bucket keys): PostgreSQL would AND a low-selectivity index
 * (a status, a company) into the plan and read its whole posting list on every query.
 */
import { createHash } from 'node:crypto';
import type { Model, Schema } from 'mongoose';
import pg from 'pg';

const declared = new WeakMap<Schema, string[]>();

/** The fields of a model that hot queries select by equality (see the header). */
export function engineKeys(schema: Schema, fields: string[]): void {
  declared.set(schema, [...(declared.get(schema) ?? []), ...fields]);
}

export function engineKeysOf(model: Model<unknown>): string[] {
  return declared.get(model.schema) ?? [];
}

export interface TuningReport {
  /** Indexes created by this run (existing ones are left as they are). */
  created: string[];
  collections: number;
}

interface CollectionTable {
  collection: string;
  table: string;
}

/** PostgreSQL identifiers stop at 63 bytes: long names keep a hash of the full one. */
function indexName(table: string, field: string): string {
  const name = `${table}_${field.replace(/\W/g, '_')}_gin`;
  return name.length <= 63 ? name : `${name.slice(0, 50)}_${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;
}

/** Runs `work` on a connection of its own to `postgresUrl`, closed afterwards. */
async function withClient<T>(postgresUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

async function tablesOf(client: pg.Client, schema: string): Promise<CollectionTable[]> {
  const exists = await client.query(`SELECT to_regclass($1) AS found`, [`${quote(schema)}._ferretdb_database_metadata`]);
  if (!exists.rows[0]?.found) return [];
  const rows = await client.query<{ collection: string; table: string }>(
    `SELECT _jsonb->>'_id' AS collection, _jsonb->>'table' AS table FROM ${quote(schema)}._ferretdb_database_metadata`,
  );
  return rows.rows;
}

/**
 * Creates the GIN indexes of `models` (and `_id` on every collection) in the FerretDB database
 * `database`, idempotently, and makes custom plans the database's default.
 */
export async function tuneFerretdbPostgres(postgresUrl: string, database: string, models: Model<unknown>[]): Promise<TuningReport> {
  return withClient(postgresUrl, async (client) => {
    // FerretDB sends field names and values as parameters; only custom plans match the index
    // expressions. The embedded engine sets it for the whole server; this covers a given one.
    const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
    await client.query(`ALTER DATABASE ${quote(rows[0]!.name)} SET plan_cache_mode = force_custom_plan`);
    const wanted = new Map(models.map((model) => [model.collection.collectionName, engineKeysOf(model)]));
    const existing = new Set((await client.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1', [database])).rows.map((row) => row.indexname));
    const tables = await tablesOf(client, database);
    const created: string[] = [];
    for (const { collection, table } of tables) {
      const target = `${quote(database)}.${quote(table)}`;
      const missing = ['_id', ...(wanted.get(collection) ?? [])].filter((field) => !existing.has(indexName(table, field)));
      for (const field of missing) {
        const literal = `'${field.replace(/'/g, "''")}'`;
        await client.query(`CREATE INDEX IF NOT EXISTS ${quote(indexName(table, field))} ON ${target} USING gin ((_jsonb->${literal}) jsonb_path_ops)`);
        created.push(`${collection}.${field}`);
      }
      // Statistics for the new expressions, so that the planner picks them at once.
      if (missing.length > 0) await client.query(`ANALYZE ${target}`);
    }
    return { created, collections: tables.length };
  });
}

/** The fields of each collection of `database` that have a GIN expression index (for tests and diagnostics). */
export async function ginIndexedFields(postgresUrl: string, database: string): Promise<Map<string, Set<string>>> {
  return withClient(postgresUrl, async (client) => {
    const byTable = new Map<string, Set<string>>();
    const indexes = await client.query<{ tablename: string; indexdef: string }>('SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = $1', [database]);
    for (const { tablename, indexdef } of indexes.rows) {
      const field = /USING gin \(+_jsonb -> '((?:[^']|'')+)'::text\)+ jsonb_path_ops\)/.exec(indexdef)?.[1];
      if (!field) continue;
      byTable.set(tablename, (byTable.get(tablename) ?? new Set()).add(field.replace(/''/g, "'")));
    }
    const fields = new Map<string, Set<string>>();
    for (const { collection, table } of await tablesOf(client, database)) fields.set(collection, byTable.get(table) ?? new Set());
    return fields;
  });
}

/**
 * Fresh planner statistics for every collection of `database` (autovacuum gets there within a
 * minute or so; a bulk load that is read at once, as a benchmark's, asks for them now).
 */
export async function analyzeFerretdbTables(postgresUrl: string, database: string): Promise<void> {
  return withClient(postgresUrl, async (client) => {
    for (const { table } of await tablesOf(client, database)) await client.query(`ANALYZE ${quote(database)}.${quote(table)}`);
  });
}
