import type { Types } from 'mongoose';
import { ANNOUNCEMENT_DEFAULT_PRIORITY, ANNOUNCEMENT_PRIORITIES, type AnnouncementPriority } from '@atende/shared';
import { ObjectId, platformModel } from '../../platform/database/models.js';

/** Announcements are published by the platform operator for every company. */
export interface AnnouncementDoc {
  _id: Types.ObjectId;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** Stored file name of the attachment (platform/uploads), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  /** Whose media folder holds the attachment: the uploading super user's company. */
  mediaCompanyId: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

export const AnnouncementModel = platformModel<AnnouncementDoc>(
  'Announcement',
  {
    title: { type: String, required: true, trim: true },
    text: { type: String, required: true },
    priority: { type: Number, enum: ANNOUNCEMENT_PRIORITIES, default: ANNOUNCEMENT_DEFAULT_PRIORITY },
    status: { type: Boolean, default: true },
    mediaPath: { type: String, default: null },
    mediaName: { type: String, default: null },
    mediaCompanyId: { type: ObjectId, ref: 'Company', default: null },
  },
  (schema) => {
    // The list: active ones (plain users) by priority, newest first.
    schema.index({ status: 1, priority: 1, createdAt: -1 });
  },
);
