import type { Types } from 'mongoose';
import type { FlowGraph } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface FlowDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  userId: Types.ObjectId | null;
  name: string;
  active: boolean;
  /** The graph as the editor saved it (null until the first save). */
  flow: FlowGraph | null;
  createdAt: Date;
  updatedAt: Date;
}

export const FlowModel = tenantModel<FlowDoc>(
  'Flow',
  {
    userId: { type: ObjectId, ref: 'User', default: null },
    name: { type: String, required: true, trim: true },
    active: { type: Boolean, default: true },
    flow: { type: Object, default: null },
  },
  (schema) => {
    schema.set('minimize', false);
    schema.index({ companyId: 1, name: 1 });
    engineKeys(schema, ['companyId']);
  },
);
