import { ANNOUNCEMENT_MEDIA_EXTENSIONS, type Announcement, type AnnouncementEvent, type AnnouncementsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { removeUpload, storeUpload, type FilePart } from '../../platform/uploads.js';
import { CompanyModel } from '../companies/model.js';
import { toAnnouncement } from './dto.js';
import { AnnouncementModel, type AnnouncementDoc } from './model.js';

export type AnnouncementInput = Partial<Pick<Announcement, 'title' | 'text' | 'priority' | 'status'>>;

type Reader = Pick<AuthCredentials, 'super'>;

/** Plain users read the active announcements only; super users every one. */
function visibleTo(reader: Reader): Record<string, unknown> {
  return reader.super ? {} : { status: true };
}

async function findAnnouncement(id: string, reader: Reader = { super: true }): Promise<AnnouncementDoc> {
  const doc = await AnnouncementModel.findOne({ _id: id, ...visibleTo(reader) }).lean<AnnouncementDoc>();
  if (!doc) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  return doc;
}

async function save(id: string, set: Record<string, unknown>): Promise<AnnouncementDoc> {
  const updated = await AnnouncementModel.findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after' }).lean<AnnouncementDoc>();
  if (!updated) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  return updated;
}

async function removeMediaOf(doc: AnnouncementDoc): Promise<void> {
  if (doc.mediaCompanyId) await removeUpload(String(doc.mediaCompanyId), doc.mediaPath);
}

export function createAnnouncementService(realtime: RealtimePublisher) {
  /** Announcements concern every company: each one's users show them in the top bar. */
  async function broadcast(event: AnnouncementEvent): Promise<void> {
    const companies = await CompanyModel.find({}, { _id: 1 }).lean<{ _id: unknown }[]>();
    for (const company of companies) realtime.publish(String(company._id), 'announcement', event);
  }

  async function announce(action: 'create' | 'update', doc: AnnouncementDoc): Promise<Announcement> {
    const record = toAnnouncement(doc);
    await broadcast({ action, record });
    return record;
  }

  return {
    async page(reader: Reader, query: { searchParam: string; pageNumber: number }): Promise<AnnouncementsPage> {
      const filter = { ...visibleTo(reader), ...(query.searchParam ? { title: searchRegex(query.searchParam) } : {}) };
      const window = page(query.pageNumber);
      const [count, rows] = await Promise.all([
        AnnouncementModel.countDocuments(filter),
        AnnouncementModel.find(filter).sort({ priority: 1, createdAt: -1, _id: -1 }).skip(window.skip).limit(window.limit).lean<AnnouncementDoc[]>(),
      ]);
      return { records: rows.map(toAnnouncement), count, hasMore: hasMore(count, window, rows.length) };
    },

    async get(reader: Reader, id: string): Promise<Announcement> {
      return toAnnouncement(await findAnnouncement(id, reader));
    },

    async create(input: AnnouncementInput): Promise<Announcement> {
      const created = await AnnouncementModel.create(input);
      return announce('create', created.toObject() as AnnouncementDoc);
    },

    async update(id: string, input: AnnouncementInput): Promise<Announcement> {
      return announce('update', await save(id, input));
    },

    /** Deletes the announcement and its attachment. */
    async remove(id: string): Promise<void> {
      const current = await findAnnouncement(id);
      await AnnouncementModel.deleteOne({ _id: id });
      await removeMediaOf(current);
      await broadcast({ action: 'delete', id });
    },

    /** Attaches an image (png, jpg, jpeg) kept in the uploader's company folder, replacing the previous one. */
    async attach(actor: AuthCredentials, id: string, file: FilePart): Promise<Announcement> {
      const current = await findAnnouncement(id);
      const stored = await storeUpload(actor.companyId, file, ['image'], ANNOUNCEMENT_MEDIA_EXTENSIONS);
      let updated: AnnouncementDoc;
      try {
        updated = await save(id, { mediaPath: stored.fileName, mediaName: stored.originalName, mediaCompanyId: actor.companyId });
      } catch (err) {
        await removeUpload(actor.companyId, stored.fileName);
        throw err;
      }
      await removeMediaOf(current);
      return announce('update', updated);
    },

    async detach(id: string): Promise<void> {
      const current = await findAnnouncement(id);
      const updated = await save(id, { mediaPath: null, mediaName: null, mediaCompanyId: null });
      await removeMediaOf(current);
      await announce('update', updated);
    },
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
