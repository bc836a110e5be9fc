/** Connects mongoose to MONGODB_URI, or starts the embedded engine when it is unset. */
import mongoose, { type Model } from 'mongoose';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startEmbeddedEngine, type EmbeddedEngine } from './embeddedEngine.js';
import { tuneFerretdbPostgres } from './tuning.js';

export interface Database {
  engine: 'embedded' | 'external';
  uri: string;
  /** The PostgreSQL under FerretDB (embedded, or ATENDE_FERRETDB_POSTGRES_URL); null on MongoDB. */
  postgresUrl: string | null;
  close(): Promise<void>;
}

export async function connectDatabase(config: Config, logger: Logger): Promise<Database> {
  let embedded: EmbeddedEngine | null = null;
  let uri = config.mongodbUri;
  if (!uri) {
    embedded = await startEmbeddedEngine({
      dataDir: config.dataDir,
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
    // autoIndex stays on: indexes (unique e-mail, ...) are part of the rules, on both engines.
    await mongoose.connect(uri, { dbName: config.databaseName, serverSelectionTimeoutMS: 10_000 });
    // Indexes are built before the first request: unique rules must hold from the start.
    const models = Object.values(mongoose.models) as Model<unknown>[];
    await Promise.all(models.map((model) => model.init()));
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
    async close() {
      await mongoose.disconnect();
      await embedded?.stop();
    },
  };
}

export function databaseState(): 'connected' | 'disconnected' | 'connecting' {
  const state = mongoose.connection.readyState;
  if (state === 1) return 'connected';
  if (state === 2) return 'connecting';
  return 'disconnected';
}
