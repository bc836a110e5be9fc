import type { Types } from 'mongoose';
import { INTEGRATION_DELIVERY_STATUSES, type IntegrationDeliveryStatus } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/** The dueKey of a delivery waiting for an attempt. */
export const DELIVERY_DUE = 'due';

export interface DeliveryAttemptDoc {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * One event POSTed to an n8n or webhook integration (automation/integrations/deliveries.ts), kept
 * with its attempts as the integration's delivery log. Its place in the log (`seq`, the
 * integration's deliveryCount when it was made) and page bucket (`pageKey`) let the log be read a
 * page at a time and its oldest pages dropped, whatever the traffic.
 */
export interface IntegrationDeliveryDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  integrationId: Types.ObjectId;
  ticketId: Types.ObjectId | null;
  messageId: Types.ObjectId | null;
  /** The signed raw body, as sent on every attempt. */
  body: string;
  status: IntegrationDeliveryStatus;
  attempts: DeliveryAttemptDoc[];
  /** Attempts started (an attempt is claimed by raising it from the count it read). */
  attemptCount: number;
  nextAttemptAt: Date | null;
  /** DELIVERY_DUE while pending, else null: the retry sweep finds the deliveries to try by it. */
  dueKey: string | null;
  seq: number;
  pageKey: string;
  createdAt: Date;
  updatedAt: Date;
}

export const IntegrationDeliveryModel = tenantModel<IntegrationDeliveryDoc>(
  'IntegrationDelivery',
  {
    integrationId: { type: ObjectId, ref: 'QueueIntegration', required: true },
    ticketId: { type: ObjectId, ref: 'Ticket', default: null },
    messageId: { type: ObjectId, ref: 'Message', default: null },
    body: { type: String, required: true },
    status: { type: String, enum: INTEGRATION_DELIVERY_STATUSES, default: 'pending' },
    attempts: { type: [{ _id: false, at: Date, statusCode: Number, durationMs: Number, error: String }], default: [] },
    attemptCount: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    dueKey: { type: String, default: null },
    seq: { type: Number, required: true },
    pageKey: { type: String, required: true },
  },
  (schema) => {
    schema.index({ companyId: 1, pageKey: 1 });
    schema.index({ companyId: 1, integrationId: 1 });
    // Platform-wide: the retry sweep (across companies).
    schema.index({ dueKey: 1 });
    engineKeys(schema, ['pageKey', 'integrationId', 'dueKey']);
  },
);
