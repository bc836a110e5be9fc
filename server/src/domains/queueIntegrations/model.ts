import type { Types } from 'mongoose';
import { QUEUE_INTEGRATION_DEFAULTS, QUEUE_INTEGRATION_LANGUAGES, QUEUE_INTEGRATION_TYPES, type QueueIntegrationLanguage, type QueueIntegrationType } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/** A connector to an external chatbot tool (document 3, queue integrations). Secrets are sealed (platform/sealing.ts). */
export interface QueueIntegrationDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  /** Dialogflow service-account JSON, sealed; null when none. */
  sealedJsonContent: string | null;
  /** What the API shows of the credentials instead of them (see jsonContentMask). */
  jsonContentMask: string;
  language: QueueIntegrationLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  flowId: Types.ObjectId | null;
  /** n8n and webhook: the HMAC secret, sealed; null for the other types. */
  sealedSecret: string | null;
  /** The secret as shown after its creation (maskSecret). */
  secretMask: string;
  /** Deliveries made so far: the next one's place in the log (automation/integrations/deliveryModel.ts). */
  deliveryCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export const QueueIntegrationModel = tenantModel<QueueIntegrationDoc>(
  'QueueIntegration',
  {
    type: { type: String, enum: QUEUE_INTEGRATION_TYPES, required: true },
    name: { type: String, required: true, trim: true },
    projectName: { type: String, default: '' },
    sealedJsonContent: { type: String, default: null },
    jsonContentMask: { type: String, default: '' },
    language: { type: String, enum: QUEUE_INTEGRATION_LANGUAGES, default: QUEUE_INTEGRATION_DEFAULTS.language },
    urlN8N: { type: String, default: '' },
    typebotSlug: { type: String, default: '' },
    typebotExpires: { type: Number, default: QUEUE_INTEGRATION_DEFAULTS.typebotExpires },
    typebotDelayMessage: { type: Number, default: QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage },
    typebotKeywordFinish: { type: String, default: '' },
    typebotKeywordRestart: { type: String, default: '' },
    typebotRestartMessage: { type: String, default: '' },
    typebotUnknownMessage: { type: String, default: '' },
    flowId: { type: ObjectId, ref: 'Flow', default: null },
    sealedSecret: { type: String, default: null },
    secretMask: { type: String, default: '' },
    deliveryCount: { type: Number, default: 0 },
  },
  (schema) => {
    schema.index({ companyId: 1, name: 1 });
    engineKeys(schema, ['companyId']);
  },
);
