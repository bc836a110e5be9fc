import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';
import { registerDuplicateCode } from '../../platform/errors.js';

export interface QuickMessageDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  /** Who wrote it; a personal quick message is theirs alone, a `geral` one everyone's. */
  userId: Types.ObjectId;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  allowView: boolean;
  allowEdit: boolean;
  /** Stored file name of the attachment (platform/uploads), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const QuickMessageModel = tenantModel<QuickMessageDoc>(
  'QuickMessage',
  {
    userId: { type: ObjectId, ref: 'User', required: true },
    shortcode: { type: String, required: true, trim: true },
    message: { type: String, default: '' },
    geral: { type: Boolean, default: false },
    status: { type: Boolean, default: true },
    allowView: { type: Boolean, default: false },
    allowEdit: { type: Boolean, default: false },
    mediaPath: { type: String, default: null },
    mediaName: { type: String, default: null },
  },
  (schema) => {
    // The uniqueness rule (personal: per user and against the shared ones; shared: company-wide)
    // is checked by the service; this index guards the per-user part against races.
    schema.index({ companyId: 1, userId: 1, shortcode: 1 }, { unique: true });
    schema.index({ companyId: 1, geral: 1, shortcode: 1 });
    engineKeys(schema, ['companyId']);
  },
);

registerDuplicateCode('quickmessages', 'shortcode', 'ERR_DUPLICATED_SHORTCODE');
