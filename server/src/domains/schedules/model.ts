import type { Types } from 'mongoose';
import type { ScheduleStatus } from '@atende/shared';
import { SCHEDULE_STATUSES } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import type { CounterDelta } from '../../platform/database/counters.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface ScheduleDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  body: string;
  contactId: Types.ObjectId;
  /** Copy of the contact's name and number (the list shows and searches it without reading contacts). */
  contact: { name: string; number: string };
  sendAt: Date;
  /** 'YYYY-MM' of sendAt in UTC: a calendar window reads its months by equality (FerretDB pushes only those down). */
  sendMonth: string;
  sentAt: Date | null;
  status: ScheduleStatus;
  mediaPath: string | null;
  mediaName: string | null;
  userId: Types.ObjectId | null;
  /** Sending attempts so far (the sender gives up at SCHEDULE_MAX_ATTEMPTS). */
  attempts: number;
  lastError: string | null;
  /** While AGENDADA: the sender holding it until then; past it another run may take it over. */
  claimedUntil: Date | null;
  ticketId: Types.ObjectId | null;
  /** The stored message: its _id is the schedule's own _id, so a resumed run finds it instead of storing another. */
  messageId: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

export function sendMonthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export const ScheduleModel = tenantModel<ScheduleDoc>(
  'Schedule',
  {
    body: { type: String, required: true },
    contactId: { type: ObjectId, ref: 'Contact', required: true },
    contact: {
      name: { type: String, default: '' },
      number: { type: String, default: '' },
    },
    sendAt: { type: Date, required: true },
    sendMonth: { type: String, required: true },
    sentAt: { type: Date, default: null },
    status: { type: String, enum: SCHEDULE_STATUSES, default: 'PENDENTE' },
    mediaPath: { type: String, default: null },
    mediaName: { type: String, default: null },
    userId: { type: ObjectId, ref: 'User', default: null },
    attempts: { type: Number, default: 0 },
    lastError: { type: String, default: null },
    claimedUntil: { type: Date, default: null },
    ticketId: { type: ObjectId, ref: 'Ticket', default: null },
    messageId: { type: ObjectId, default: null },
  },
  (schema) => {
    schema.index({ companyId: 1, sendMonth: 1 });
    schema.index({ companyId: 1, contactId: 1 });
    // The start-up sweep finds the schedules a stopped node left due or half sent, across companies.
    schema.index({ status: 1 });
    engineKeys(schema, ['companyId', 'sendMonth', 'contactId', 'status']);
  },
);

/**
 * The company's schedules per due month (a counter document, platform/database/counters.ts): the
 * list pages through the months newest first and reads only the months a page needs, never
 * sorting the collection. Grown before a write and shrunk after one, so a crash leaves it high.
 */
export const SCHEDULE_MONTHS_COUNTER = 'scheduleMonths';

export function monthDelta(month: string, by: 1 | -1): CounterDelta {
  return { key: SCHEDULE_MONTHS_COUNTER, parts: { [month]: by }, count: by };
}
