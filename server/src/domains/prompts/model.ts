import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/** An AI assistant of a company (document 3, prompts), answered by an OpenAI-compatible endpoint. */
export interface PromptDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  /** Sealed (platform/sealing.ts): a copy of the database alone does not reveal it. */
  apiKey: string;
  /** What the API shows of the key (`sk-...abcd`), kept so that a list opens no seal. */
  apiKeyMask: string;
  /** The sector it serves and hands over into (null once that queue was deleted). */
  queueId: Types.ObjectId | null;
  baseURL: string;
  humanPhrase: string;
  createdAt: Date;
  updatedAt: Date;
}

export const PromptModel = tenantModel<PromptDoc>(
  'Prompt',
  {
    name: { type: String, required: true, trim: true },
    prompt: { type: String, required: true },
    model: { type: String, required: true },
    maxTokens: { type: Number, required: true },
    temperature: { type: Number, required: true },
    maxMessages: { type: Number, required: true },
    apiKey: { type: String, required: true },
    apiKeyMask: { type: String, default: '' },
    queueId: { type: ObjectId, ref: 'Queue', default: null },
    baseURL: { type: String, default: '' },
    humanPhrase: { type: String, default: '' },
  },
  (schema) => {
    schema.index({ companyId: 1, name: 1 });
    schema.index({ companyId: 1, queueId: 1 });
    engineKeys(schema, ['companyId', 'queueId']);
  },
);
