import type { Schedule } from '@atende/shared';
import { iso } from '../../platform/database/models.js';
import { mediaUrl } from '../../platform/uploads.js';
import type { ScheduleDoc } from './model.js';

export function toSchedule(doc: ScheduleDoc): Schedule {
  const companyId = String(doc.companyId);
  return {
    id: String(doc._id),
    companyId,
    body: doc.body,
    contactId: String(doc.contactId),
    contact: { id: String(doc.contactId), name: doc.contact?.name ?? '', number: doc.contact?.number ?? '' },
    sendAt: doc.sendAt.toISOString(),
    sentAt: iso(doc.sentAt),
    status: doc.status,
    mediaPath: doc.mediaPath ?? null,
    mediaName: doc.mediaName ?? null,
    mediaUrl: doc.mediaPath ? mediaUrl(companyId, doc.mediaPath) : null,
    userId: doc.userId ? String(doc.userId) : null,
    attempts: doc.attempts ?? 0,
    lastError: doc.lastError ?? null,
    ticketId: doc.ticketId ? String(doc.ticketId) : null,
    messageId: doc.messageId ? String(doc.messageId) : null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
