/**
 * Data upgrade "dashboard-zones-1": earlier releases counted the dashboard's days in UTC. Each
 * company's day counters are rebuilt from its tickets, contacts and ratings in its own time zone
 * (its setting timeZone, else the operator's), and each of those documents records that zone
 * (`dayZone`), as the writers do from now on. Everything is recomputed from the stored data, so
 * running it again after a crash gives the same result.
 */
import { ObjectId, type AnyBulkWriteOperation, type Db, type Document } from 'mongodb';
import { CounterTotals } from '../../platform/database/counterBuild.js';
import { growShrink, stepsOf } from '../../platform/database/counters.js';
import { eachBatch, type DataUpgrade } from '../../platform/database/upgrades.js';
import { daySteps, leadSteps, ratingSteps, type DayCounted } from '../tickets/dayCounts.js';

const BATCH = 1_000;

/** The zone of each company: its own setting, else the operator's. */
async function companyZones(db: Db, operatorZone: string): Promise<Map<string, string>> {
  const zones = new Map<string, string>();
  for (const company of await db.collection('companies').find({}, { projection: { _id: 1 } }).toArray()) zones.set(String(company._id), operatorZone);
  for (const setting of await db.collection('settings').find({ key: 'timeZone' }).toArray()) {
    if (typeof setting.value === 'string' && setting.value) zones.set(String(setting.companyId), setting.value);
  }
  return zones;
}

/** Counts each document of a collection in its company's zone and stamps the zone on it. */
async function recount(db: Db, collection: string, zones: Map<string, string>, fallback: string, count: (doc: Document, zone: string) => void, log: (msg: string) => void): Promise<void> {
  await eachBatch<Document>(db, collection, BATCH, async (docs) => {
    const ops: AnyBulkWriteOperation<Document>[] = docs.map((doc) => {
      const zone = zones.get(String(doc.companyId)) ?? fallback;
      count(doc, zone);
      return { updateOne: { filter: { _id: doc._id as ObjectId }, update: { $set: { dayZone: zone } } } };
    });
    if (ops.length > 0) await db.collection(collection).bulkWrite(ops, { ordered: false });
  }, log);
}

export function dashboardZonesUpgrade(operatorZone: string): DataUpgrade {
  return {
    id: 'dashboard-zones-1',
    async run(db, log) {
      const zones = await companyZones(db, operatorZone);
      const steps = new CounterTotals();
      log('data upgrade dashboard-zones-1: tickets, contacts and ratings by day in each company time zone...');
      await recount(db, 'tickets', zones, operatorZone, (doc, zone) => steps.add(String(doc.companyId), growShrink(stepsOf(daySteps({ ...(doc as unknown as DayCounted), dayZone: zone }, 1))).grow), log);
      await recount(db, 'contacts', zones, operatorZone, (doc, zone) => steps.add(String(doc.companyId), growShrink(stepsOf(leadSteps({ isGroup: Boolean(doc.isGroup), createdAt: doc.createdAt as Date, dayZone: zone }, 1))).grow), log);
      await recount(db, 'ticketratings', zones, operatorZone, (doc, zone) => {
        if (doc.userId) steps.add(String(doc.companyId), growShrink(stepsOf(ratingSteps(doc.userId, doc.rate as number, doc.createdAt as Date, zone))).grow);
      }, log);
      // The day counters are rebuilt whole from what was read; the lanes' and the contacts' stay.
      await db.collection('counters').deleteMany({ key: { $regex: '^day\\.' } });
      for (const docs of steps.documents(BATCH)) await db.collection('counters').insertMany(docs);
      for (const [companyId, zone] of zones) await db.collection('companies').updateOne({ _id: new ObjectId(companyId) }, { $set: { dashboardZone: zone } });
    },
  };
}
