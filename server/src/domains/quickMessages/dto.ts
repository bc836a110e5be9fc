import type { QuickMessage } from '@atende/shared';
import { mediaUrl } from '../../platform/uploads.js';
import type { QuickMessageDoc } from './model.js';

export function toQuickMessage(doc: QuickMessageDoc): QuickMessage {
  const companyId = String(doc.companyId);
  return {
    id: String(doc._id),
    companyId,
    userId: String(doc.userId),
    shortcode: doc.shortcode,
    message: doc.message ?? '',
    geral: doc.geral ?? false,
    // Stored before these flags existed: active, personal, read-only.
    status: doc.status ?? true,
    allowView: doc.allowView ?? false,
    allowEdit: doc.allowEdit ?? false,
    isMedia: Boolean(doc.mediaPath),
    mediaPath: doc.mediaPath ?? null,
    mediaName: doc.mediaName ?? null,
    mediaUrl: doc.mediaPath ? mediaUrl(companyId, doc.mediaPath) : null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
