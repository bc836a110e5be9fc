import type { Types } from 'mongoose';
import { WHATSAPP_DEFAULTS, WHATSAPP_PROVIDERS, WHATSAPP_STATUSES, type ScheduleRow, type WhatsappProvider, type WhatsappStatus } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';
import { registerDuplicateCode } from '../../platform/errors.js';

export interface WhatsappDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  name: string;
  /** Lower-case name: unique per company without collation (FerretDB has none). */
  nameKey: string;
  status: WhatsappStatus;
  isDefault: boolean;
  qrcode: string;
  /** When the QR code shown stops being valid; null without one. */
  qrExpiresAt?: Date | null;
  retries: number;
  provider: WhatsappProvider;
  number: string;
  /** Per-connection API token (external messaging API); unique on the platform. */
  token: string;
  /**
   * The operator wants this session running: set by start / new QR, cleared by a logout. At boot
   * every connection with autoStart comes back (restored credentials, or a new QR).
   */
  autoStart: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number;
  transferQueueId: Types.ObjectId | null;
  queueIds: Types.ObjectId[];
  promptId: Types.ObjectId | null;
  integrationId: Types.ObjectId | null;
  /** The flow a new ticket of this connection starts (automation/flows), null for none. */
  flowId: Types.ObjectId | null;
  schedules: ScheduleRow[];
  createdAt: Date;
  updatedAt: Date;
}

export const WhatsappModel = tenantModel<WhatsappDoc>(
  'Whatsapp',
  {
    name: { type: String, required: true, trim: true },
    nameKey: { type: String, required: true },
    status: { type: String, enum: WHATSAPP_STATUSES, default: 'DISCONNECTED' },
    isDefault: { type: Boolean, default: false },
    qrcode: { type: String, default: '' },
    qrExpiresAt: { type: Date, default: null },
    retries: { type: Number, default: 0 },
    provider: { type: String, enum: WHATSAPP_PROVIDERS, default: WHATSAPP_DEFAULTS.provider },
    number: { type: String, default: '' },
    token: { type: String, required: true, unique: true },
    autoStart: { type: Boolean, default: false },
    greetingMessage: { type: String, default: '' },
    complationMessage: { type: String, default: '' },
    outOfHoursMessage: { type: String, default: '' },
    ratingMessage: { type: String, default: '' },
    expiresInactiveMessage: { type: String, default: '' },
    expiresTicket: { type: Number, default: WHATSAPP_DEFAULTS.expiresTicket },
    timeUseBotQueues: { type: Number, default: WHATSAPP_DEFAULTS.timeUseBotQueues },
    maxUseBotQueues: { type: Number, default: WHATSAPP_DEFAULTS.maxUseBotQueues },
    timeToTransfer: { type: Number, default: WHATSAPP_DEFAULTS.timeToTransfer },
    transferQueueId: { type: ObjectId, ref: 'Queue', default: null },
    queueIds: [{ type: ObjectId, ref: 'Queue' }],
    promptId: { type: ObjectId, default: null },
    integrationId: { type: ObjectId, default: null },
    flowId: { type: ObjectId, ref: 'Flow', default: null },
    schedules: [{ _id: false, weekday: String, weekdayEn: String, startTime: String, endTime: String }],
  },
  (schema) => {
    schema.index({ companyId: 1, nameKey: 1 }, { unique: true });
    // Boot: every connection whose session should come back.
    schema.index({ autoStart: 1 });
    // A company's connections; the send API finds its connection by token.
    engineKeys(schema, ['companyId', 'token']);
  },
);

registerDuplicateCode('whatsapps', 'nameKey', 'ERR_DUPLICATED');
registerDuplicateCode('whatsapps', 'token', 'ERR_DUPLICATED');

export function whatsappNameKey(name: string): string {
  return name.trim().toLowerCase();
}
