/** Connects mongoose to MONGODB_URI, or starts the embedded engine when it is unset. */
import mongoose from 'mongoose';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startEmbeddedEngine, type EmbeddedEngine } from './embeddedEngine.js';

export interface Database {
  engine: 'embedded' | 'external';
  uri: string;
  close(): Promise<void>;
}

export async function connectDatabase(config: Config, logger: Logger): Promise<Database> {
  let embedded: EmbeddedEngine | null = null;
  let uri = config.mongodbUri;
  if (!uri) {
    embedded = await startEmbeddedEngine({
      dataDir: config.dataDir,
      logger: {
        info: (msg) => logger.info({ engine: 'ferretdb' }, msg),
        warn: (msg) => logger.warn({ engine: 'ferretdb' }, msg),
        error: (msg) => logger.error({ engine: 'ferretdb' }, msg),
      },
    });
    uri = embedded.uri;
    logger.info({ port: embedded.port, dataDir: config.dataDir }, 'embedded database engine started');
  }
  // autoIndex stays on: indexes (unique e-mail, ...) are part of the rules, on both engines.
  await mongoose.connect(uri, { dbName: config.databaseName, serverSelectionTimeoutMS: 10_000 });
  // Indexes are built before the first request: unique rules must hold from the start.
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  return {
    engine: embedded ? 'embedded' : 'external',
    uri,
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
