import type { Types } from 'mongoose';
import { RECURRENCES, type Recurrence, type ScheduleRow } from '@atende/shared';
import { ObjectId, platformModel } from '../../platform/database/models.js';
import { registerDuplicateCode } from '../../platform/errors.js';

export interface CompanyDoc {
  _id: Types.ObjectId;
  name: string;
  /** Lower-case name: uniqueness without collation (FerretDB has none). */
  nameKey: string;
  email: string | null;
  phone: string | null;
  planId: Types.ObjectId;
  status: boolean;
  campaignsEnabled: boolean;
  dueDate: Date;
  recurrence: Recurrence;
  trialExpiration: Date | null;
  billingName: string | null;
  billingAddress: string | null;
  referrerCompanyId: Types.ObjectId | null;
  schedules: ScheduleRow[];
  /** The time zone the dashboard's day counters of the company are in (dashboard/rezone.ts). */
  dashboardZone: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const CompanyModel = platformModel<CompanyDoc>('Company', {
  name: { type: String, required: true, trim: true },
  nameKey: { type: String, required: true, unique: true },
  email: { type: String, default: null, lowercase: true, trim: true },
  phone: { type: String, default: null },
  planId: { type: ObjectId, ref: 'Plan', required: true, index: true },
  status: { type: Boolean, default: true },
  campaignsEnabled: { type: Boolean, default: true },
  dueDate: { type: Date, required: true },
  recurrence: { type: String, enum: RECURRENCES, default: 'MENSAL' },
  trialExpiration: { type: Date, default: null },
  billingName: { type: String, default: null },
  billingAddress: { type: String, default: null },
  referrerCompanyId: { type: ObjectId, ref: 'Company', default: null },
  schedules: [{ _id: false, weekday: String, weekdayEn: String, startTime: String, endTime: String }],
  dashboardZone: { type: String, default: null },
});

registerDuplicateCode('companies', 'nameKey', 'ERR_DUPLICATED_COMPANY');

export function companyNameKey(name: string): string {
  return name.trim().toLowerCase();
}
