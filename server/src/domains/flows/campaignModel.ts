import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/** A phrase-triggered flow campaign (document 3: /phrase-lists, /flowcampaign). */
export interface FlowCampaignDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  flowId: Types.ObjectId;
  whatsappId: Types.ObjectId;
  phrase: string;
  /** normalizePhrase(phrase): a customer's message is matched by equality on it. */
  phraseKey: string;
  status: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const FlowCampaignModel = tenantModel<FlowCampaignDoc>(
  'FlowCampaign',
  {
    name: { type: String, required: true, trim: true },
    flowId: { type: ObjectId, ref: 'Flow', required: true },
    whatsappId: { type: ObjectId, ref: 'Whatsapp', required: true },
    phrase: { type: String, required: true },
    phraseKey: { type: String, required: true },
    status: { type: Boolean, default: true },
  },
  (schema) => {
    // The inbound path asks { companyId, whatsappId, phraseKey, status: true } for every customer message.
    schema.index({ companyId: 1, whatsappId: 1, phraseKey: 1 });
    schema.index({ companyId: 1, flowId: 1 });
    engineKeys(schema, ['companyId', 'whatsappId', 'phraseKey', 'status', 'flowId']);
  },
);
