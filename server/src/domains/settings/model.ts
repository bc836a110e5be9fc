import type { Types } from 'mongoose';
import { platformModel, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface SettingDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  key: string;
  value: string;
}

export const SettingModel = tenantModel<SettingDoc>(
  'Setting',
  {
    key: { type: String, required: true },
    // '' is a value too (a text setting left empty); the schemas of shared/ check each key's values.
    value: { type: String, default: '' },
  },
  (schema) => {
    schema.index({ companyId: 1, key: 1 }, { unique: true });
    engineKeys(schema, ['companyId']);
  },
);

export interface PlatformSettingDoc {
  _id: Types.ObjectId;
  key: string;
  value: string;
}

/** Installation-wide settings (userCreation), changed by super users only. */
export const PlatformSettingModel = platformModel<PlatformSettingDoc>('PlatformSetting', {
  key: { type: String, required: true, unique: true },
  value: { type: String, required: true },
});
