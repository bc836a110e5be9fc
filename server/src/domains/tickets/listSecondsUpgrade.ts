/**
 * Data upgrade "list-seconds-1": earlier releases found a ticket in its lists by the day, hour and
 * ten-minute slot of its latest activity; this one also reads a busy slot by minute and second
 * (lanes.ts). Each ticket's listKeys are recomputed from its stored fields, and the per-second
 * counters of the lanes' slots are rebuilt whole from the tickets (the other lane counters are
 * unchanged), so running it again after a crash gives the same result.
 */
import type { ObjectId } from 'mongodb';
import { CounterTotals } from '../../platform/database/counterBuild.js';
import { growShrink, stepsOf } from '../../platform/database/counters.js';
import { eachBatch, type DataUpgrade } from '../../platform/database/upgrades.js';
import { secondSteps } from './laneCounts.js';
import { listKeysOf, type ListPosition } from './lanes.js';
import type { TicketDoc } from './model.js';

const BATCH = 1_000;
/** The key of a lane's per-second counter: `<lane>.<yymmddhhm>` (no other counter has a nine-digit period). */
const SECOND_COUNTERS = /^[0-9a-z]+\.[0-9]{9}$/;

export const listSecondsUpgrade: DataUpgrade = {
  id: 'list-seconds-1',
  async run(db, log) {
    const steps = new CounterTotals();
    log('data upgrade list-seconds-1: tickets by minute and second of latest activity...');
    const positions: [unknown, ListPosition][] = [];
    await eachBatch<TicketDoc>(db, 'tickets', BATCH, async (tickets) => {
      for (const { _id, companyId, status, queueId, userId, updatedAt } of tickets) {
        const position = { companyId, status, queueId, userId, updatedAt };
        steps.add(String(companyId), growShrink(stepsOf(secondSteps(position, 1))).grow);
        positions.push([_id, position]);
      }
    }, log);
    // Written once the read is over, one ticket at a time: the embedded engine stalled both on
    // writes to the collection under an open cursor and on bulk updates of tickets (seen with 1,260).
    for (const [n, [_id, position]] of positions.entries()) {
      await db.collection('tickets').updateOne({ _id: _id as ObjectId }, { $set: { listKeys: listKeysOf(position) } });
      if ((n + 1) % 50_000 === 0) log(`  tickets: ${n + 1} rewritten`);
    }
    await db.collection('counters').deleteMany({ key: { $regex: SECOND_COUNTERS.source } });
    for (const docs of steps.documents(BATCH)) await db.collection('counters').insertMany(docs);
  },
};
