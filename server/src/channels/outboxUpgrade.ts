/**
 * Data upgrade "outbox-keys-1": an earlier release queued each send as an Agenda job. The messages
 * those jobs were still to send take the outboxKey this release resumes sends by, and the jobs go
 * (nothing runs them now), with every finished one-off job the earlier release left behind.
 * Safe to run again: a message sent meanwhile (ack > 0) is left alone.
 */
import { ObjectId, type Db, type Document } from 'mongodb';
import type { DataUpgrade } from '../platform/database/upgrades.js';
import { OUTBOX_WAITING } from '../domains/messages/model.js';
import { MAX_ATTEMPTS } from './outbound.js';

const JOBS = 'agendaJobs';
const EARLIER_SEND_JOB = 'outbound:send';

export const outboxKeysUpgrade: DataUpgrade = {
  id: 'outbox-keys-1',
  async run(db: Db, log) {
    const jobs = await db.collection(JOBS).find({ name: EARLIER_SEND_JOB }, { projection: { data: 1 } }).toArray();
    let waiting = 0;
    for (const job of jobs) {
      const { messageId } = (job.data ?? {}) as { messageId?: string };
      if (!messageId || !ObjectId.isValid(messageId)) continue;
      const filter: Document = { _id: new ObjectId(messageId), ack: 0, isDeleted: false, sendAttempts: { $lt: MAX_ATTEMPTS } };
      waiting += (await db.collection('messages').updateOne(filter, { $set: { outboxKey: OUTBOX_WAITING } })).modifiedCount;
    }
    const removed = await db.collection(JOBS).deleteMany({ name: EARLIER_SEND_JOB });
    const finished = await db.collection(JOBS).deleteMany({ nextRunAt: null, lastFinishedAt: { $ne: null } });
    log(`  outbox: ${waiting} unsent messages to resume; ${removed.deletedCount + finished.deletedCount} finished or earlier jobs removed`);
  },
};

