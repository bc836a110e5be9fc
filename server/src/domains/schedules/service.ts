/**
 * Scheduled messages of a company (document 2): the list and the calendar windows, the dialog's
 * create / update / delete, and the attachment. Every user of the company sees and edits them all
 * (as the spec's single calendar shows them); a sent one, or one being sent, is not editable.
 */
import { SCHEDULE_MEDIA_EXTENSIONS, SCHEDULE_WINDOW_MAX, type Schedule, type SchedulesPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { applyDeltas, readCounters, undoDeltas } from '../../platform/database/counters.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { removeUpload, storeUpload, type FilePart } from '../../platform/uploads.js';
import { ContactModel, type ContactDoc } from '../contacts/model.js';
import { toSchedule } from './dto.js';
import { monthDelta, SCHEDULE_MONTHS_COUNTER, ScheduleModel, sendMonthOf, type ScheduleDoc } from './model.js';
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

  /**
   * A page of the list, newest sendAt first: the months counter says which months hold the page,
   * and only those are read (by equality on sendMonth) and sorted here. A search reads month
   * after month, newest first, until the page is full; a contact's schedules are read at once.
   */
  async function listPage(companyId: string, query: ScheduleQuery): Promise<SchedulesPage> {
    const slice = page(query.pageNumber);
    const pattern = query.searchParam ? searchRegex(query.searchParam) : null;
    const matches = (doc: ScheduleDoc) => !pattern || pattern.test(doc.body) || pattern.test(doc.contact?.name ?? '') || pattern.test(doc.contact?.number ?? '');
    const newestFirst = (docs: ScheduleDoc[]) => docs.filter(matches).sort((a, b) => b.sendAt.getTime() - a.sendAt.getTime() || String(b._id).localeCompare(String(a._id)));
    const answer = (rows: ScheduleDoc[]): SchedulesPage => ({ schedules: rows.slice(0, slice.limit).map(toSchedule), hasMore: rows.length > slice.limit });

    if (query.contactId) {
      const rows = newestFirst(await ScheduleModel.find({ companyId, contactId: query.contactId }).lean<ScheduleDoc[]>());
      return answer(rows.slice(slice.skip, slice.skip + slice.limit + 1));
    }
    const counted = (await readCounters(companyId, [SCHEDULE_MONTHS_COUNTER])).get(SCHEDULE_MONTHS_COUNTER)?.parts ?? {};
    const months = Object.entries(counted)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => b.localeCompare(a));
    const rows: ScheduleDoc[] = [];
    let skipped = 0;
    for (const [month, count] of months) {
      // Without a search the counts say which months the page skips without reading them.
      if (!pattern && skipped + count <= slice.skip) {
        skipped += count;
        continue;
      }
      for (const doc of newestFirst(await ScheduleModel.find({ companyId, sendMonth: month }).lean<ScheduleDoc[]>())) {
        if (skipped < slice.skip) skipped += 1;
        else rows.push(doc);
      }
      if (rows.length > slice.limit) break;
    }
    return answer(rows);
  }

  return {
    /** The list (newest sendAt first, paged), or every schedule due in the from..to window. */
    async page(actor: AuthCredentials, query: ScheduleQuery): Promise<SchedulesPage> {
      if (query.from && query.to) return window(actor.companyId, { ...query, from: query.from, to: query.to });
      return listPage(actor.companyId, query);
    },

    async get(actor: AuthCredentials, id: string): Promise<Schedule> {
      return toSchedule(await findSchedule(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: Required<ScheduleInput>): Promise<Schedule> {
      const contact = await contactOf(actor.companyId, input.contactId);
      const counted = [monthDelta(sendMonthOf(input.sendAt), 1)];
      await applyDeltas(actor.companyId, counted);
      let doc: ScheduleDoc;
      try {
        const created = await ScheduleModel.create({
          companyId: actor.companyId,
          body: input.body,
          contactId: contact._id,
          contact: { name: contact.name, number: contact.number },
          sendAt: input.sendAt,
          sendMonth: sendMonthOf(input.sendAt),
          userId: actor.userId,
        });
        doc = created.toObject() as ScheduleDoc;
      } catch (err) {
        await undoDeltas(actor.companyId, counted);
        throw err;
      }
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
      // A new month is counted before the write, the old one uncounted after it.
      const before = input.sendAt ? await findSchedule(actor.companyId, id) : null;
      const moved = before && before.sendMonth !== set.sendMonth ? { into: [monthDelta(String(set.sendMonth), 1)], outOf: [monthDelta(before.sendMonth, -1)] } : null;
      if (moved) await applyDeltas(actor.companyId, moved.into);
      let updated: ScheduleDoc;
      try {
        updated = await saveEditable(actor.companyId, id, set);
      } catch (err) {
        if (moved) await undoDeltas(actor.companyId, moved.into);
        throw err;
      }
      if (moved) await applyDeltas(actor.companyId, moved.outOf);
      await sender.plan(updated);
      return announce('update', updated);
    },

    /** Deletes the schedule (a pending send is cancelled) and its attachment. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const current = await ScheduleModel.findOneAndDelete({ companyId: actor.companyId, _id: id }).lean<ScheduleDoc>();
      if (!current) throw new AppError('ERR_NO_SCHEDULE_FOUND');
      await applyDeltas(actor.companyId, [monthDelta(current.sendMonth, -1)]);
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
