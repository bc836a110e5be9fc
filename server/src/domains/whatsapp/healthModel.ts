/**
 * One small document per connection holding its health (issue 21): the status timeline, traffic
 * times and the counters shown on the connections page, kept current as events happen so that
 * reading them never counts messages.
 */
import type { Types } from 'mongoose';
import { Schema } from 'mongoose';
import type { HealthReason, WhatsappStatus } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface HealthEntryDoc {
  status: WhatsappStatus;
  reason: HealthReason;
  code: number | null;
  at: Date;
}

export interface ConnectionHealthDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  whatsappId: Types.ObjectId;
  status: WhatsappStatus;
  reason: HealthReason | null;
  statusSince: Date | null;
  connectedSince: Date | null;
  lastInboundAt: Date | null;
  lastOutboundAt: Date | null;
  recovered: number;
  decryptFailures: number;
  /** Down (an outage not asked for): the alert sweep looks for `down: true, downAlerted: false`. */
  down: boolean;
  downSince: Date | null;
  downAlerted: boolean;
  /** `recovered` when the outage began: the "back" alert tells the difference. */
  recoveredAtDown: number;
  /** An alerted outage ended at `backAt`: the "back" alert is due once the replay has landed. */
  backPending: boolean;
  backAt: Date | null;
  backDownSince: Date | null;
  /** Newest first, at most HEALTH_TIMELINE_MAX entries. */
  timeline: HealthEntryDoc[];
}

export const ConnectionHealthModel = tenantModel<ConnectionHealthDoc>(
  'ConnectionHealth',
  {
    whatsappId: { type: ObjectId, ref: 'Whatsapp', required: true },
    status: { type: String, default: 'DISCONNECTED' },
    reason: { type: String, default: null },
    statusSince: { type: Date, default: null },
    connectedSince: { type: Date, default: null },
    lastInboundAt: { type: Date, default: null },
    lastOutboundAt: { type: Date, default: null },
    recovered: { type: Number, default: 0 },
    decryptFailures: { type: Number, default: 0 },
    down: { type: Boolean, default: false },
    downSince: { type: Date, default: null },
    downAlerted: { type: Boolean, default: false },
    recoveredAtDown: { type: Number, default: 0 },
    backPending: { type: Boolean, default: false },
    backAt: { type: Date, default: null },
    backDownSince: { type: Date, default: null },
    timeline: { type: [new Schema({ status: String, reason: String, code: { type: Number, default: null }, at: Date }, { _id: false })], default: [] },
  },
  (schema) => {
    schema.index({ companyId: 1, whatsappId: 1 }, { unique: true });
    // The alert sweeps across companies look for the few connections down or back (true is rare).
    engineKeys(schema, ['whatsappId', 'down', 'backPending']);
    schema.index({ down: 1, downAlerted: 1 });
    schema.index({ backPending: 1 });
  },
);

export async function purgeHealth(companyId: string, whatsappId: string): Promise<void> {
  await ConnectionHealthModel.deleteMany({ companyId, whatsappId });
}
