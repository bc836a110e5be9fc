import { isCampaignEditable, type Campaign } from '@atende/shared';
import { iso } from '../../platform/database/models.js';
import { mediaUrl } from '../../platform/uploads.js';
import type { CampaignDoc } from './model.js';

const idOrNull = (value: unknown) => (value ? String(value) : null);

export function toCampaign(doc: CampaignDoc, now = Date.now()): Campaign {
  const companyId = String(doc.companyId);
  return {
    id: String(doc._id),
    companyId,
    name: doc.name,
    message1: doc.message1 ?? '',
    message2: doc.message2 ?? '',
    message3: doc.message3 ?? '',
    message4: doc.message4 ?? '',
    message5: doc.message5 ?? '',
    confirmationMessage1: doc.confirmationMessage1 ?? '',
    confirmationMessage2: doc.confirmationMessage2 ?? '',
    confirmationMessage3: doc.confirmationMessage3 ?? '',
    confirmationMessage4: doc.confirmationMessage4 ?? '',
    confirmationMessage5: doc.confirmationMessage5 ?? '',
    confirmation: doc.confirmation ?? false,
    status: doc.status,
    scheduledAt: iso(doc.scheduledAt),
    completedAt: iso(doc.completedAt),
    whatsappId: idOrNull(doc.whatsappId),
    contactListId: idOrNull(doc.contactListId),
    tagId: idOrNull(doc.tagId),
    fileListId: idOrNull(doc.fileListId),
    mediaPath: doc.media?.fileName ?? null,
    mediaName: doc.media?.originalName ?? null,
    mediaUrl: doc.media ? mediaUrl(companyId, doc.media.fileName) : null,
    editable: isCampaignEditable(doc, now),
    counters: {
      contacts: doc.contacts ?? 0,
      valid: doc.valid ?? 0,
      delivered: doc.delivered ?? 0,
      confirmationRequested: doc.confirmationRequested ?? 0,
      confirmed: doc.confirmed ?? 0,
    },
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** The non-empty variants among message1..5 (or confirmationMessage1..5), by number. */
export function variantsOf(doc: CampaignDoc, prefix: 'message' | 'confirmationMessage'): number[] {
  return [1, 2, 3, 4, 5].filter((n) => (doc[`${prefix}${n}` as keyof CampaignDoc] as string | undefined)?.trim());
}
