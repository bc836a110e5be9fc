import type { Types } from 'mongoose';
import { PLAN_FLAGS, type PlanFlag } from '@atende/shared';
import { platformModel } from '../../platform/database/models.js';
import { registerDuplicateCode } from '../../platform/errors.js';

export type PlanDoc = {
  _id: Types.ObjectId;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  payLink: string | null;
  createdAt: Date;
  updatedAt: Date;
} & Record<PlanFlag, boolean>;

const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, { type: Boolean, default: false }]));

export const PlanModel = platformModel<PlanDoc>('Plan', {
  name: { type: String, required: true, trim: true, unique: true },
  users: { type: Number, default: 1 },
  connections: { type: Number, default: 1 },
  queues: { type: Number, default: 1 },
  value: { type: Number, default: 0 },
  payLink: { type: String, default: null },
  ...flags,
});

registerDuplicateCode('plans', 'name', 'ERR_DUPLICATED_PLAN');
