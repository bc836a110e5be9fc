import type { Announcement } from '@atende/shared';
import { mediaUrl } from '../../platform/uploads.js';
import type { AnnouncementDoc } from './model.js';

export function toAnnouncement(doc: AnnouncementDoc): Announcement {
  const folder = doc.mediaCompanyId ? String(doc.mediaCompanyId) : null;
  return {
    id: String(doc._id),
    title: doc.title,
    text: doc.text,
    priority: doc.priority,
    status: doc.status,
    mediaPath: doc.mediaPath ?? null,
    mediaName: doc.mediaName ?? null,
    mediaUrl: doc.mediaPath && folder ? mediaUrl(folder, doc.mediaPath) : null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
