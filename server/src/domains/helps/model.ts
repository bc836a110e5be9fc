import type { Types } from 'mongoose';
import { platformModel } from '../../platform/database/models.js';

/** Help videos are published by the platform operator for every company. */
export interface HelpDoc {
  _id: Types.ObjectId;
  title: string;
  description: string;
  video: string;
  createdAt: Date;
  updatedAt: Date;
}

export const HelpModel = platformModel<HelpDoc>('Help', {
  title: { type: String, required: true, trim: true },
  description: { type: String, default: '' },
  video: { type: String, default: '' },
});
