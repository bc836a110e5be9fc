import type { Types } from 'mongoose';
import { tenantModel } from './models.js';
import { engineKeys } from './tuning.js';

/**
 * Counters kept current instead of counting large sets per request: a total and named parts. The
 * ticket lanes count their tickets per month, day and slot (domains/tickets/laneCounts.ts); the
 * contacts count theirs per name prefix (domains/contacts/directory.ts).
 */
export interface CounterDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  key: string;
  count: number;
  parts: Record<string, number>;
}

export const CounterModel = tenantModel<CounterDoc>(
  'Counter',
  {
    key: { type: String, required: true },
    count: { type: Number, default: 0 },
    parts: { type: Object, default: () => ({}) },
  },
  (schema) => {
    schema.index({ companyId: 1, key: 1 }, { unique: true });
    engineKeys(schema, ['key']);
  },
);
