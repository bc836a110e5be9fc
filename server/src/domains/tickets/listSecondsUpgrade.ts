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
    await eachBatch<TicketDoc>(db, 'tickets', BATCH, async (tickets) => {
      const ops = tickets.map(({ _id, companyId, status, queueId, userId, updatedAt }) => {
        const position: ListPosition = { companyId, status, queueId, userId, updatedAt };
        steps.add(String(companyId), growShrink(stepsOf(secondSteps(position, 1))).grow);
        return { updateOne: { filter: { _id: _id as unknown as ObjectId }, update: { $set: { listKeys: listKeysOf(position) } } } };
      });
      if (ops.length > 0) await db.collection('tickets').bulkWrite(ops, { ordered: false });
    }, log);
    await db.collection('counters').deleteMany({ key: { $regex: SECOND_COUNTERS.source } });
    for (const docs of steps.documents(BATCH)) await db.collection('counters').insertMany(docs);
  },
};
