/** Connects mongoose to MONGODB_URI, or starts the embedded engine when it is unset. */
import mongoose, { type Model } from 'mongoose';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startEmbeddedEngine, type EmbeddedEngine } from './embeddedEngine.js';
import { tuneFerretdbPostgres } from './tuning.js';
import { POOL_MAX_CONNS } from './engine/ferretdb.js';
import { runUpgrades, type DataUpgrade } from './upgrades.js';
import { commandMonitoringWanted } from './commandLog.js';

/** Commands a client keeps in flight on FerretDB: fewer than half its PostgreSQL connections. */
const FERRETDB_CLIENT_POOL = Math.floor(POOL_MAX_CONNS / 2) - 4;

export interface Database {
  engine: 'embedded' | 'external';
  uri: string;
  /** The PostgreSQL under FerretDB (embedded, or ATENDE_FERRETDB_POSTGRES_URL); null on MongoDB. */
  postgresUrl: string | null;
  /** The database answers: connected, and (embedded) both engine programs running. */
  available(): boolean;
  close(): Promise<void>;
}

export async function connectDatabase(config: Config, logger: Logger, upgrades: DataUpgrade[] = []): Promise<Database> {
  let embedded: EmbeddedEngine | null = null;
  let uri = config.mongodbUri;
  if (!uri) {
    embedded = await startEmbeddedEngine({
      dataDir: config.dataDir,
      restartPauseMs: config.engineRestartMs,
      gogc: config.engineGogc,
      logger: {
        info: (msg) => logger.info({ engine: 'embedded' }, msg),
        warn: (msg) => logger.warn({ engine: 'embedded' }, msg),
        error: (msg) => logger.error({ engine: 'embedded' }, msg),
      },
    });
    uri = embedded.uri;
    logger.info({ port: embedded.port, dataDir: config.dataDir }, 'embedded database engine started');
  }
  const postgresUrl = embedded?.postgres.url ?? config.ferretdbPostgresUrl;
  try {
    // Indexes are built below, once the data upgrades ran (a unique index may need what they derive).
    // On FerretDB, fewer commands in flight than half its connections to PostgreSQL (engine/ferretdb.ts).
    // An engine that went away is noticed within a couple of seconds, and so is its return.
    await mongoose.connect(uri, {
      dbName: config.databaseName,
      serverSelectionTimeoutMS: 5_000,
      heartbeatFrequencyMS: 2_000,
      autoIndex: false,
      autoCreate: false,
      monitorCommands: commandMonitoringWanted(),
      ...(postgresUrl ? { maxPoolSize: FERRETDB_CLIENT_POOL } : {}),
    });
    await runUpgrades(mongoose.connection.db!, upgrades, (msg) => logger.info(msg));
    const models = Object.values(mongoose.models) as Model<unknown>[];
    // Before the first request: unique rules must hold from the start.
    await Promise.all(models.map((model) => buildIndexes(model, postgresUrl !== null)));
    if (postgresUrl) {
      const tuning = await tuneFerretdbPostgres(postgresUrl, config.databaseName, models);
      if (tuning.created.length > 0) logger.info({ indexes: tuning.created.length }, 'engine tuning: GIN indexes created');
    }
  } catch (err) {
    await mongoose.disconnect();
    await embedded?.stop();
    throw err;
  }
  return {
    engine: embedded ? 'embedded' : 'external',
    uri,
    postgresUrl,
    available: () => databaseState() === 'connected' && (embedded?.state() ?? 'running') === 'running',
    async close() {
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}

/**
 * The model's collection and indexes. On FerretDB over PostgreSQL only the unique ones: its own
 * indexes never serve our queries (tuning.ts creates those), and each one slows every write.
 */
async function buildIndexes(model: Model<unknown>, ferretdb: boolean): Promise<void> {
  await model.createCollection().catch((err: { codeName?: string }) => {
    if (err.codeName !== 'NamespaceExists') throw err;
  });
  if (!ferretdb) {
    await model.createIndexes();
    return;
  }
  for (const [fields, options] of model.schema.indexes()) {
    if (options.unique) await model.collection.createIndex(fields as Record<string, 1 | -1>, { unique: true, ...(options.name ? { name: options.name } : {}) });
  }
}

export function databaseState(): 'connected' | 'disconnected' | 'connecting' {
  const state = mongoose.connection.readyState;
  if (state === 1) return 'connected';
  if (state === 2) return 'connecting';
  return 'disconnected';
}
