import type { Types } from 'mongoose';
import type { ScheduleRow } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';
import { registerDuplicateCode } from '../../platform/errors.js';

export interface QueueDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  /** Lower-case name: uniqueness and order without collation (FerretDB has none). */
  nameKey: string;
  /** Lower-case: "#FF0000" and "#ff0000" are the same colour. */
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleRow[];
  integrationId: Types.ObjectId | null;
  promptId: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

export const QueueModel = tenantModel<QueueDoc>(
  'Queue',
  {
    name: { type: String, required: true, trim: true },
    nameKey: { type: String, required: true },
    color: { type: String, required: true, lowercase: true, trim: true },
    orderQueue: { type: Number, default: null },
    greetingMessage: { type: String, default: '' },
    outOfHoursMessage: { type: String, default: '' },
    schedules: [{ _id: false, weekday: String, weekdayEn: String, startTime: String, endTime: String }],
    integrationId: { type: ObjectId, default: null },
    promptId: { type: ObjectId, default: null },
  },
  (schema) => {
    schema.index({ companyId: 1, color: 1 }, { unique: true });
    schema.index({ companyId: 1, nameKey: 1 }, { unique: true });
    engineKeys(schema, ['companyId']);
  },
);

registerDuplicateCode('queues', 'color', 'ERR_QUEUE_COLOR_ALREADY_EXISTS');
registerDuplicateCode('queues', 'nameKey', 'ERR_DUPLICATED');

export interface QueueOptionDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  queueId: Types.ObjectId;
  /** null at the top level of the queue's tree (the API says -1). */
  parentId: Types.ObjectId | null;
  title: string;
  message: string;
  option: string;
  createdAt: Date;
  updatedAt: Date;
}

export const QueueOptionModel = tenantModel<QueueOptionDoc>(
  'QueueOption',
  {
    queueId: { type: ObjectId, ref: 'Queue', required: true },
    parentId: { type: ObjectId, ref: 'QueueOption', default: null },
    title: { type: String, required: true, trim: true },
    message: { type: String, default: '' },
    option: { type: String, required: true, trim: true },
  },
  (schema) => {
    schema.index({ companyId: 1, queueId: 1, parentId: 1 });
    schema.index({ companyId: 1, parentId: 1 });
    engineKeys(schema, ['queueId']);
  },
);

export function queueNameKey(name: string): string {
  return name.trim().toLowerCase();
}
