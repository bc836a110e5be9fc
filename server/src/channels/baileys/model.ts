/**
 * What the Baileys provider keeps in the database, every document owned by a company:
 * - the auth state: one document per key (the credentials, and each signal key by type and id),
 *   per connection, values encoded with Baileys' BufferJSON;
 * - the content of the messages we sent, for Baileys' retry requests (getMessage), kept a few days;
 * - inbound messages whose handling or media download failed, retried later;
 * - the chats known only by their LID (no phone number yet), so replies are addressed to @lid.
 */
import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/** The type of the credentials document (signal keys use Baileys' own type names). */
export const CREDS_TYPE = 'creds';

export interface BaileysKeyDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  whatsappId: Types.ObjectId;
  type: string;
  keyId: string;
  /** JSON.stringify(value, BufferJSON.replacer): buffers round-trip exactly. */
  value: string;
}

export const BaileysKeyModel = tenantModel<BaileysKeyDoc>(
  'BaileysKey',
  {
    whatsappId: { type: ObjectId, ref: 'Whatsapp', required: true },
    type: { type: String, required: true },
    keyId: { type: String, required: true },
    value: { type: String, required: true },
  },
  (schema) => {
    schema.index({ companyId: 1, whatsappId: 1, type: 1, keyId: 1 }, { unique: true });
    engineKeys(schema, ['keyId', 'whatsappId']);
  },
);

export interface BaileysSentDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  whatsappId: Types.ObjectId;
  providerMessageId: string;
  /** The proto.IMessage sent, BufferJSON-encoded. */
  content: string;
  createdAt: Date;
}

export const BaileysSentModel = tenantModel<BaileysSentDoc>(
  'BaileysSent',
  {
    whatsappId: { type: ObjectId, ref: 'Whatsapp', required: true },
    providerMessageId: { type: String, required: true },
    content: { type: String, required: true },
  },
  (schema) => {
    schema.index({ companyId: 1, whatsappId: 1, providerMessageId: 1 }, { unique: true });
    // Pruning by age (no TTL indexes on the embedded engine).
    schema.index({ companyId: 1, whatsappId: 1, createdAt: 1 });
  },
);

export interface BaileysRetryDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  whatsappId: Types.ObjectId;
  providerMessageId: string;
  /** The WAMessage as received, BufferJSON-encoded. */
  message: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string;
}

export const BaileysRetryModel = tenantModel<BaileysRetryDoc>(
  'BaileysRetry',
  {
    whatsappId: { type: ObjectId, ref: 'Whatsapp', required: true },
    providerMessageId: { type: String, required: true },
    message: { type: String, required: true },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, required: true },
    lastError: { type: String, default: '' },
  },
  (schema) => {
    schema.index({ companyId: 1, whatsappId: 1, providerMessageId: 1 }, { unique: true });
    schema.index({ companyId: 1, whatsappId: 1, nextAttemptAt: 1 });
    engineKeys(schema, ['providerMessageId', 'whatsappId']);
  },
);

export interface BaileysLidDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  /** The LID user (digits) a contact is numbered by while its phone number is unknown. */
  lid: string;
}

export const BaileysLidModel = tenantModel<BaileysLidDoc>(
  'BaileysLid',
  {
    lid: { type: String, required: true },
  },
  (schema) => {
    schema.index({ companyId: 1, lid: 1 }, { unique: true });
    engineKeys(schema, ['lid']);
  },
);

/** Everything the provider keeps of a deleted connection (credentials too, should its logout have failed). */
export async function purgeBaileys(companyId: string, whatsappId: string): Promise<void> {
  await BaileysKeyModel.deleteMany({ companyId, whatsappId });
  await BaileysSentModel.deleteMany({ companyId, whatsappId });
  await BaileysRetryModel.deleteMany({ companyId, whatsappId });
}
