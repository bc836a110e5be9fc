/**
 * Which node runs a connection's WhatsApp session (several nodes, issue 17): one lease per
 * connection, held by its owner node until `expiresAt` and renewed while that node lives.
 */
import type { Types } from 'mongoose';
import { ObjectId, platformModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface SessionLeaseDoc {
  _id: Types.ObjectId;
  whatsappId: Types.ObjectId;
  companyId: Types.ObjectId;
  /** The node's id (ClusterBus.nodeId). */
  owner: string;
  expiresAt: Date;
}

export const SessionLeaseModel = platformModel<SessionLeaseDoc>(
  'SessionLease',
  {
    whatsappId: { type: ObjectId, required: true },
    companyId: { type: ObjectId, required: true },
    owner: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  (schema) => {
    // The one guard two nodes taking a free lease at once rely on: the second insert fails.
    schema.index({ whatsappId: 1 }, { unique: true });
    engineKeys(schema, ['whatsappId', 'owner']);
  },
);
