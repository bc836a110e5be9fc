import type { Types } from 'mongoose';
import type { CampaignStatus, CampaignVariable } from '@atende/shared';
import { CAMPAIGN_STATUSES } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface CampaignMedia {
  fileName: string;
  originalName: string;
  mimeType: string;
  mediaType: 'image' | 'audio' | 'video' | 'application';
  kind: 'image' | 'audio' | 'video' | 'document';
  size: number;
}

export interface CampaignDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  status: CampaignStatus;
  scheduledAt: Date | null;
  completedAt: Date | null;
  whatsappId: Types.ObjectId | null;
  contactListId: Types.ObjectId | null;
  tagId: Types.ObjectId | null;
  fileListId: Types.ObjectId | null;
  media: CampaignMedia | null;
  /** Counters kept by the runner (the report reads them, never the shippings). */
  contacts: number;
  valid: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  /** Every audience member has its shipping (building resumes after `audienceCursor` otherwise). */
  audienceBuilt: boolean;
  audienceCursor: Types.ObjectId | null;
  /** The one runner of the campaign across nodes: whoever holds an unexpired lease. */
  runnerId: string | null;
  runnerUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const text = { type: String, default: '' };

export const CampaignModel = tenantModel<CampaignDoc>(
  'Campaign',
  {
    name: { type: String, required: true, trim: true },
    message1: text,
    message2: text,
    message3: text,
    message4: text,
    message5: text,
    confirmationMessage1: text,
    confirmationMessage2: text,
    confirmationMessage3: text,
    confirmationMessage4: text,
    confirmationMessage5: text,
    confirmation: { type: Boolean, default: false },
    status: { type: String, enum: CAMPAIGN_STATUSES, default: 'INATIVA' },
    scheduledAt: { type: Date, default: null },
    completedAt: { type: Date, default: null },
    whatsappId: { type: ObjectId, ref: 'Whatsapp', default: null },
    contactListId: { type: ObjectId, ref: 'ContactList', default: null },
    tagId: { type: ObjectId, ref: 'Tag', default: null },
    fileListId: { type: ObjectId, ref: 'FileList', default: null },
    media: { type: Object, default: null },
    contacts: { type: Number, default: 0 },
    valid: { type: Number, default: 0 },
    delivered: { type: Number, default: 0 },
    confirmationRequested: { type: Number, default: 0 },
    confirmed: { type: Number, default: 0 },
    audienceBuilt: { type: Boolean, default: false },
    audienceCursor: { type: ObjectId, default: null },
    runnerId: { type: String, default: null },
    runnerUntil: { type: Date, default: null },
  },
  (schema) => {
    schema.index({ companyId: 1, createdAt: -1 });
    // The sweep finds running and scheduled campaigns of every company by status.
    schema.index({ status: 1 });
    engineKeys(schema, ['companyId', 'status']);
  },
);

export type ShippingState = 'pending' | 'sending' | 'awaiting' | 'confirmed' | 'delivered' | 'skipped';

/**
 * One audience member of a campaign: made once (unique on campaign and number), claimed by the
 * runner, done once. The keys are the campaign's id while the shipping is in that state, null
 * otherwise: the runner finds its next work by one equality on an engine key.
 */
export interface CampaignShippingDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  campaignId: Types.ObjectId;
  number: string;
  name: string;
  /** false: the list said the number is not on WhatsApp (skipped). */
  valid: boolean;
  state: ShippingState;
  pendingKey: string | null;
  sendingKey: string | null;
  /** `${whatsappId}:${number}` while the customer's answer to the confirmation is awaited. */
  confirmKey: string | null;
  /** 1..5: the variant picked for this contact (made once, kept across restarts). */
  variant: number;
  confirmationRequestedAt: Date | null;
  confirmedAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const CampaignShippingModel = tenantModel<CampaignShippingDoc>(
  'CampaignShipping',
  {
    campaignId: { type: ObjectId, ref: 'Campaign', required: true },
    number: { type: String, required: true },
    name: { type: String, default: '' },
    valid: { type: Boolean, default: true },
    state: { type: String, default: 'pending' },
    pendingKey: { type: String, default: null },
    sendingKey: { type: String, default: null },
    confirmKey: { type: String, default: null },
    variant: { type: Number, default: 1 },
    confirmationRequestedAt: { type: Date, default: null },
    confirmedAt: { type: Date, default: null },
    deliveredAt: { type: Date, default: null },
  },
  (schema) => {
    schema.index({ campaignId: 1, number: 1 }, { unique: true });
    schema.index({ companyId: 1, pendingKey: 1 });
    schema.index({ companyId: 1, sendingKey: 1 });
    schema.index({ companyId: 1, confirmKey: 1 });
    engineKeys(schema, ['campaignId', 'pendingKey', 'sendingKey', 'confirmKey']);
  },
);

/** Campaign settings of a company (document 2 section 3): one document per company. */
export interface CampaignSettingsDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
  createdAt: Date;
  updatedAt: Date;
}

export const CampaignSettingsModel = tenantModel<CampaignSettingsDoc>(
  'CampaignSettings',
  {
    messageInterval: { type: Number, default: 20 },
    longerIntervalAfter: { type: Number, default: 20 },
    greaterInterval: { type: Number, default: 60 },
    variables: { type: [{ _id: false, key: String, value: String }], default: [] },
  },
  (schema) => {
    schema.index({ companyId: 1 }, { unique: true });
    engineKeys(schema, ['companyId']);
  },
);
