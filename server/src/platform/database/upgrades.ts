/**
 * Data upgrades: one-time passes that bring documents stored by an earlier release to what this
 * release reads (new derived fields, counters). They run at start, before the indexes are built
 * (a unique index may need the new fields), in the order given, each once per database: what ran is
 * recorded in the `atendeupgrades` collection. An upgrade must be safe to run again after a crash.
 */
import type { Db } from 'mongodb';

export interface DataUpgrade {
  id: string;
  run(db: Db, log: (msg: string) => void): Promise<void>;
}

const RECORD = 'atendeupgrades';

export async function runUpgrades(db: Db, upgrades: DataUpgrade[], log: (msg: string) => void): Promise<string[]> {
  const done = new Set((await db.collection<{ _id: string }>(RECORD).find({}).toArray()).map((row) => row._id));
  const ran: string[] = [];
  for (const upgrade of upgrades) {
    if (done.has(upgrade.id)) continue;
    const started = Date.now();
    await upgrade.run(db, log);
    await db.collection<{ _id: string; at: Date }>(RECORD).updateOne({ _id: upgrade.id }, { $set: { at: new Date() } }, { upsert: true });
    log(`data upgrade ${upgrade.id} done in ${Math.round((Date.now() - started) / 1000)} s`);
    ran.push(upgrade.id);
  }
  return ran;
}

/** Visits every document of a collection in batches (a progress line every `every` documents). */
export async function eachBatch<T>(db: Db, collection: string, batch: number, visit: (docs: T[]) => Promise<void>, log: (msg: string) => void, every = 50_000): Promise<number> {
  let seen = 0;
  let docs: T[] = [];
  for await (const doc of db.collection(collection).find({})) {
    docs.push(doc as T);
    if (docs.length === batch) {
      await visit(docs);
      seen += docs.length;
      docs = [];
      if (seen % every < batch) log(`  ${collection}: ${seen} documents`);
    }
  }
  if (docs.length > 0) await visit(docs);
  return seen + docs.length;
}
