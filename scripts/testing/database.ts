/**
 * Direct access to a spawned server's database, for the data the API cannot make (what an earlier
 * release left behind): the embedded engine of its data dir (its record and kept password), or
 * MONGODB_URI.
 */
import { MongoClient, type Db } from 'mongodb';
import { runningEngineUri } from '../../server/src/platform/database/embeddedEngine.js';
import type { SpawnedServer } from './server.js';

export interface SpawnedDatabase {
  db: Db;
  close(): Promise<void>;
}

export async function spawnedDatabase(server: SpawnedServer): Promise<SpawnedDatabase> {
  let uri = process.env.MONGODB_URI;
  if (!uri) {
    uri = (await runningEngineUri(server.dataDir)) ?? undefined;
    if (!uri) throw new Error(`no engine recorded in ${server.dataDir}`);
  }
  const client = new MongoClient(uri, { directConnection: !process.env.MONGODB_URI, serverSelectionTimeoutMS: 5_000 });
  await client.connect();
  return { db: client.db(server.databaseName), close: () => client.close() };
}
