/**
 * Direct access to a spawned server's database, for the data the API cannot make (what an earlier
 * release left behind): the embedded engine of its data dir (engine/engine.json says its port), or
 * MONGODB_URI.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import type { SpawnedServer } from './server.js';

export interface SpawnedDatabase {
  db: Db;
  close(): Promise<void>;
}

export async function spawnedDatabase(server: SpawnedServer): Promise<SpawnedDatabase> {
  let uri = process.env.MONGODB_URI;
  if (!uri) {
    const record = JSON.parse(await readFile(path.join(server.dataDir, 'engine', 'engine.json'), 'utf8')) as { port: number };
    uri = `mongodb://127.0.0.1:${record.port}/`;
  }
  const client = new MongoClient(uri, { directConnection: !process.env.MONGODB_URI, serverSelectionTimeoutMS: 5_000 });
  await client.connect();
  return { db: client.db(server.databaseName), close: () => client.close() };
}
