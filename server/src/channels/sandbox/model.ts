/**
 * The sandbox phone's state, in the database so that it survives restarts: one device per
 * connection (pairing, number, connectivity, failures to simulate) and the outbox of what the
 * customers received.
 */
import type { Types } from 'mongoose';
import { Schema } from 'mongoose';
import { SANDBOX_ACTION_KINDS, type SandboxActionKind, type SandboxOutboxMessage } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface SandboxDeviceDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  whatsappId: Types.ObjectId;
  paired: boolean;
  number: string;
  /** Content of the QR shown while waiting for the (simulated) scan; '' otherwise. */
  pairingToken: string;
  /** false: the phone lost its connection (status TIMEOUT). */
  online: boolean;
  failNext: number;
  /** Numbers starting with one of these are not on WhatsApp (onWhatsApp answers exists: false). */
  absentPrefixes: string[];
  /**
   * Brazilian mobile numbers starting with one of these (written with the ninth digit) are
   * WhatsApp accounts without it, as older ones are: they write from that form, onWhatsApp answers it.
   */
  legacyPrefixes: string[];
  createdAt: Date;
  updatedAt: Date;
}

export const SandboxDeviceModel = tenantModel<SandboxDeviceDoc>(
  'SandboxDevice',
  {
    whatsappId: { type: ObjectId, ref: 'Whatsapp', required: true },
    paired: { type: Boolean, default: false },
    number: { type: String, default: '' },
    pairingToken: { type: String, default: '' },
    online: { type: Boolean, default: true },
    failNext: { type: Number, default: 0 },
    absentPrefixes: { type: [String], default: [] },
    legacyPrefixes: { type: [String], default: [] },
  },
  (schema) => {
    schema.index({ companyId: 1, whatsappId: 1 }, { unique: true });
    engineKeys(schema, ['whatsappId']);
  },
);

export interface SandboxMessageDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  whatsappId: Types.ObjectId;
  providerMessageId: string;
  /** A message, or an action on one the customer received before (issue 23). */
  kind: SandboxActionKind;
  targetProviderMessageId: string | null;
  emoji: string | null;
  forwarded: boolean;
  /** A received message the company edited since (its body is the new one) or deleted for everyone. */
  edited: boolean;
  deleted: boolean;
  to: string;
  isGroup: boolean;
  body: string;
  media: SandboxOutboxMessage['media'];
  quotedProviderMessageId: string | null;
  location: SandboxOutboxMessage['location'];
  vcard: SandboxOutboxMessage['vcard'];
  ack: number;
  /** The platform's id of the message (OutboundMessage.localId): a send that may have gone out before is not delivered twice. */
  localId: string | null;
  /** The minute its ack last moved (minuteKeyOf): after a crash, the acks of those minutes are reported again. */
  ackedIn: string;
  createdAt: Date;
  updatedAt: Date;
}

export const SandboxMessageModel = tenantModel<SandboxMessageDoc>(
  'SandboxMessage',
  {
    whatsappId: { type: ObjectId, ref: 'Whatsapp', required: true },
    providerMessageId: { type: String, required: true },
    kind: { type: String, enum: SANDBOX_ACTION_KINDS, default: 'message' },
    targetProviderMessageId: { type: String, default: null },
    emoji: { type: String, default: null },
    forwarded: { type: Boolean, default: false },
    edited: { type: Boolean, default: false },
    deleted: { type: Boolean, default: false },
    to: { type: String, required: true },
    isGroup: { type: Boolean, default: false },
    body: { type: String, default: '' },
    media: { type: Schema.Types.Mixed, default: null },
    quotedProviderMessageId: { type: String, default: null },
    location: { type: Schema.Types.Mixed, default: null },
    vcard: { type: Schema.Types.Mixed, default: null },
    ack: { type: Number, default: 1 },
    localId: { type: String, default: null },
    ackedIn: { type: String, default: '' },
  },
  (schema) => {
    schema.index({ companyId: 1, whatsappId: 1, providerMessageId: 1 }, { unique: true });
    // The outbox: by connection (and customer), in sending order.
    schema.index({ companyId: 1, whatsappId: 1, to: 1, _id: 1 });
    schema.index({ companyId: 1, whatsappId: 1, ack: 1 });
    schema.index({ companyId: 1, whatsappId: 1, localId: 1 });
    schema.index({ companyId: 1, whatsappId: 1, ackedIn: 1 });
    engineKeys(schema, ['providerMessageId', 'to', 'localId', 'ackedIn']);
  },
);

export function toOutboxMessage(doc: SandboxMessageDoc): SandboxOutboxMessage {
  return {
    id: String(doc._id),
    whatsappId: String(doc.whatsappId),
    providerMessageId: doc.providerMessageId,
    kind: doc.kind ?? 'message',
    targetProviderMessageId: doc.targetProviderMessageId ?? null,
    emoji: doc.emoji ?? null,
    forwarded: doc.forwarded ?? false,
    edited: doc.edited ?? false,
    deleted: doc.deleted ?? false,
    to: doc.to,
    isGroup: doc.isGroup,
    body: doc.body,
    media: doc.media ?? null,
    quotedProviderMessageId: doc.quotedProviderMessageId ?? null,
    location: doc.location ?? null,
    vcard: doc.vcard ?? null,
    ack: doc.ack,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** Everything the sandbox keeps of a connection (its deletion). */
export async function purgeSandbox(companyId: string, whatsappId: string): Promise<void> {
  await SandboxDeviceModel.deleteMany({ companyId, whatsappId });
  await SandboxMessageModel.deleteMany({ companyId, whatsappId });
  await SandboxQueuedModel.deleteMany({ companyId, whatsappId });
}

/**
 * Customers' messages sent while the phone was offline, held by "WhatsApp" and replayed when the
 * phone comes back (in injection order, by _id). `message` is the InboundMessage as JSON, media
 * bytes as base64.
 */
export interface SandboxQueuedDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  whatsappId: Types.ObjectId;
  message: string;
  createdAt: Date;
}

export const SandboxQueuedModel = tenantModel<SandboxQueuedDoc>(
  'SandboxQueued',
  {
    whatsappId: { type: ObjectId, ref: 'Whatsapp', required: true },
    message: { type: String, required: true },
  },
  (schema) => {
    schema.index({ companyId: 1, whatsappId: 1, _id: 1 });
    engineKeys(schema, ['whatsappId']);
  },
);
