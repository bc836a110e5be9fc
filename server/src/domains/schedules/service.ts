/**
 * Scheduled messages of a company (document 2): the list and the calendar windows, the dialog's
 * create / update / delete, and the attachment. Every user of the company sees and edits them all
 * (as the spec's single calendar shows them); a sent one, or one being sent, is not editable.
 */
import { SCHEDULE_MEDIA_EXTENSIONS, SCHEDULE_WINDOW_MAX, type Schedule, type SchedulesPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { removeUpload, storeUpload, type FilePart } from '../../platform/uploads.js';
import { ContactModel, type ContactDoc } from '../contacts/model.js';
import { toSchedule } from './dto.js';
import { ScheduleModel, sendMonthOf, type ScheduleDoc } from './model.js';
import type { ScheduleSender } from './sender.js';

export interface ScheduleInput {
  body?: string;
  contactId?: string;
  sendAt?: Date;
}

export interface ScheduleQuery {
  searchParam: string;
  pageNumber: number;
  contactId?: string;
  from?: Date;
  to?: Date;
}

/** Only these may change: waiting, or given up (saving again retries it). */
const EDITABLE = { $in: ['PENDENTE', 'ERRO'] };

/** The months ('YYYY-MM', UTC) a window touches. */
function monthsOf(from: Date, to: Date): string[] {
  const months: string[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (cursor.getTime() < to.getTime()) {
    months.push(sendMonthOf(cursor));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months;
}

async function contactOf(companyId: string, contactId: string): Promise<Pick<ContactDoc, '_id' | 'name' | 'number'>> {
  const contact = await ContactModel.findOne({ companyId, _id: contactId }, { name: 1, number: 1 }).lean<Pick<ContactDoc, '_id' | 'name' | 'number'>>();
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return contact;
}

async function findSchedule(companyId: string, id: string): Promise<ScheduleDoc> {
  const doc = await ScheduleModel.findOne({ companyId, _id: id }).lean<ScheduleDoc>();
  if (!doc) throw new AppError('ERR_NO_SCHEDULE_FOUND');
  return doc;
}

export function createScheduleService(realtime: RealtimePublisher, sender: ScheduleSender) {
  function announce(action: 'create' | 'update', doc: ScheduleDoc): Schedule {
    const schedule = toSchedule(doc);
    realtime.publish(schedule.companyId, 'schedule', { action, schedule });
    return schedule;
  }

  /** Applies `set` if the schedule is still editable; ERR_SCHEDULE_SENT when it was sent (or is being sent). */
  async function saveEditable(companyId: string, id: string, set: Record<string, unknown>): Promise<ScheduleDoc> {
    const updated = await ScheduleModel.findOneAndUpdate({ companyId, _id: id, status: EDITABLE, sentAt: null } as Record<string, unknown>, { $set: set }, { returnDocument: 'after' }).lean<ScheduleDoc>();
    if (updated) return updated;
    await findSchedule(companyId, id);
    throw new AppError('ERR_SCHEDULE_SENT');
  }

  async function window(companyId: string, query: ScheduleQuery & { from: Date; to: Date }): Promise<SchedulesPage> {
    const perMonth = await Promise.all(
      monthsOf(query.from, query.to).map((sendMonth) =>
        ScheduleModel.find({ companyId, sendMonth, ...(query.contactId ? { contactId: query.contactId } : {}) })
          .limit(SCHEDULE_WINDOW_MAX + 1)
          .lean<ScheduleDoc[]>(),
      ),
    );
    const inWindow = perMonth
      .flat()
      .filter((doc) => doc.sendAt >= query.from && doc.sendAt < query.to)
      .sort((a, b) => a.sendAt.getTime() - b.sendAt.getTime() || String(a._id).localeCompare(String(b._id)));
    return { schedules: inWindow.slice(0, SCHEDULE_WINDOW_MAX).map(toSchedule), hasMore: inWindow.length > SCHEDULE_WINDOW_MAX };
  }

  return {
    /** The list (newest sendAt first, paged), or every schedule due in the from..to window. */
    async page(actor: AuthCredentials, query: ScheduleQuery): Promise<SchedulesPage> {
      if (query.from && query.to) return window(actor.companyId, { ...query, from: query.from, to: query.to });
      const filter: Record<string, unknown> = { companyId: actor.companyId };
      if (query.contactId) filter.contactId = query.contactId;
      if (query.searchParam) {
        const pattern = searchRegex(query.searchParam);
        filter.$or = [{ body: pattern }, { 'contact.name': pattern }, { 'contact.number': pattern }];
      }
      const slice = page(query.pageNumber);
      // One more than the page says whether there is a next one, without counting the collection.
      const rows = await ScheduleModel.find(filter).sort({ sendAt: -1, _id: -1 }).skip(slice.skip).limit(slice.limit + 1).lean<ScheduleDoc[]>();
      return { schedules: rows.slice(0, slice.limit).map(toSchedule), hasMore: rows.length > slice.limit };
    },

    async get(actor: AuthCredentials, id: string): Promise<Schedule> {
      return toSchedule(await findSchedule(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: Required<ScheduleInput>): Promise<Schedule> {
      const contact = await contactOf(actor.companyId, input.contactId);
      const created = await ScheduleModel.create({
        companyId: actor.companyId,
        body: input.body,
        contactId: contact._id,
        contact: { name: contact.name, number: contact.number },
        sendAt: input.sendAt,
        sendMonth: sendMonthOf(input.sendAt),
        userId: actor.userId,
      });
      const doc = created.toObject() as ScheduleDoc;
      await sender.plan(doc);
      return announce('create', doc);
    },

    /** Changes a waiting (or failed) schedule; it waits for its sendAt again, attempts from zero. */
    async update(actor: AuthCredentials, id: string, input: ScheduleInput): Promise<Schedule> {
      const set: Record<string, unknown> = { status: 'PENDENTE', attempts: 0, lastError: null };
      if (input.body !== undefined) set.body = input.body;
      if (input.sendAt !== undefined) Object.assign(set, { sendAt: input.sendAt, sendMonth: sendMonthOf(input.sendAt) });
      if (input.contactId !== undefined) {
        const contact = await contactOf(actor.companyId, input.contactId);
        Object.assign(set, { contactId: contact._id, contact: { name: contact.name, number: contact.number } });
      }
      const updated = await saveEditable(actor.companyId, id, set);
      await sender.plan(updated);
      return announce('update', updated);
    },

    /** Deletes the schedule (a pending send is cancelled) and its attachment. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findSchedule(actor.companyId, id);
      await ScheduleModel.deleteOne({ companyId: actor.companyId, _id: id });
      await sender.cancel(actor.companyId, id);
      await removeUpload(actor.companyId, current.mediaPath);
      realtime.publish(actor.companyId, 'schedule', { action: 'delete', scheduleId: id });
    },

    /** Attaches an image (png, jpg, jpeg), replacing the previous one. */
    async attach(actor: AuthCredentials, id: string, file: FilePart): Promise<Schedule> {
      const current = await findSchedule(actor.companyId, id);
      const stored = await storeUpload(actor.companyId, file, ['image'], SCHEDULE_MEDIA_EXTENSIONS);
      let updated: ScheduleDoc;
      try {
        updated = await saveEditable(actor.companyId, id, { mediaPath: stored.fileName, mediaName: stored.originalName });
      } catch (err) {
        await removeUpload(actor.companyId, stored.fileName);
        throw err;
      }
      await removeUpload(actor.companyId, current.mediaPath);
      return announce('update', updated);
    },

    async detach(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findSchedule(actor.companyId, id);
      const updated = await saveEditable(actor.companyId, id, { mediaPath: null, mediaName: null });
      await removeUpload(actor.companyId, current.mediaPath);
      announce('update', updated);
    },
  };
}
