/**
 * The WhatsApp check of a list's numbers: adding items marks the list `checkState: 'queued'`, and
 * one recurring Agenda job (one run at a time across nodes, by its lock) checks the queued lists
 * through the company's default connection, a batch of numbers at a time. The state is in the
 * documents (`checkKey` on each waiting item, `checkState` on the list), so a run cut by a
 * restart goes on at the next one, and nothing is asked twice. While the default connection is
 * not connected the items stay null, the list becomes 'waiting', the page is told so, and the
 * check starts again once that connection is connected.
 */
import type { ContactListCheck } from '@atende/shared';
import type { NumberDirectory, SessionControl } from '../whatsapp/sessionControl.js';
import { updateDocument } from '../../platform/database/serial.js';
import type { JobRunner } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { updateList } from './counts.js';
import { WhatsappModel, type WhatsappDoc } from '../whatsapp/model.js';
import { toContactListItem } from './dto.js';
import type { CheckRequester } from './items.js';
import { ContactListItemModel, ContactListModel, type ContactListDoc, type ContactListItemDoc } from './model.js';

export const CHECK_JOB = 'contactList.checkWhatsapp';
/** Lists looked at per run, of each state. */
const SWEEP_MAX = 200;
/** Numbers asked at once. */
const BATCH = 50;

interface CheckJob {
  companyId: string;
  contactListId: string;
}

export interface ListCheckerDeps {
  jobs: JobRunner;
  sessions: Pick<SessionControl, 'directory'>;
  realtime: RealtimePublisher;
  logger: Logger;
  /** How often the queued and waiting lists are looked at (ms). */
  retryMs: number;
}

/** Who is on WhatsApp, asked through the company's default connection, when that one is connected. */
async function defaultProvider(sessions: Pick<SessionControl, 'directory'>, companyId: string): Promise<NumberDirectory | null> {
  const connection = await WhatsappModel.findOne({ companyId, isDefault: true }, { status: 1 }).lean<Pick<WhatsappDoc, '_id' | 'status'>>();
  if (!connection || connection.status !== 'CONNECTED') return null;
  return sessions.directory(String(connection._id));
}

export interface ListChecker extends CheckRequester {
  /** Starts the recurring job (after the job runner started). */
  schedule(): Promise<void>;
}

export function createListChecker(deps: ListCheckerDeps): ListChecker {
  const { jobs, sessions, realtime, logger } = deps;
  function progress(companyId: string, check: ContactListCheck): void {
    realtime.publish(companyId, 'contactList', { action: 'check', ...check });
  }

  async function request(companyId: string, contactListId: string): Promise<void> {
    await updateList(companyId, contactListId, { checkState: 'queued' });
  }

  async function wait(job: CheckJob, total: number, pending: number): Promise<void> {
    await updateList(job.companyId, job.contactListId, { checkState: 'waiting' });
    progress(job.companyId, { contactListId: job.contactListId, checked: total - pending, total, state: 'waiting' });
  }

  /** The queued lists, and the waiting ones whose company's default connection is connected now. */
  async function sweep(): Promise<void> {
    for (const state of ['queued', 'waiting'] as const) {
      const lists = await ContactListModel.find({ checkState: state }, { companyId: 1 }).setOptions({ crossTenant: true }).limit(SWEEP_MAX).lean<Pick<ContactListDoc, '_id' | 'companyId'>[]>();
      for (const list of lists) {
        const companyId = String(list.companyId);
        if (state === 'waiting' && !(await defaultProvider(sessions, companyId))) continue;
        const contactListId = String(list._id);
        await run({ companyId, contactListId }).catch(async (err: unknown) => {
          // Its items keep their checkKey: the list is queued again for the next run.
          logger.warn({ err, companyId, contactListId }, 'contact list check failed; queued again');
          await updateList(companyId, contactListId, { checkState: 'queued' });
        });
      }
    }
  }

  /** Records one answer, unless the item changed number (or went) since it was read; answers whether it did. */
  async function record(companyId: string, item: ContactListItemDoc, exists: boolean): Promise<boolean> {
    const updated = await updateDocument(ContactListItemModel, companyId, item._id, { $set: { isWhatsappValid: exists, checkKey: null } }, { number: item.number, checkKey: String(item.contactListId) });
    if (updated) realtime.publish(companyId, 'contactListItem', { action: 'update', record: toContactListItem(updated) });
    return updated !== null;
  }

  async function run(job: CheckJob): Promise<void> {
    const { companyId, contactListId } = job;
    // Cleared first: items added during this run queue the list again for the next one.
    const list = await updateList(companyId, contactListId, { checkState: null });
    if (!list) return;
    let pending = await ContactListItemModel.countDocuments({ companyId, checkKey: contactListId });
    if (pending === 0) return;
    const total = Math.max(list.contactsCount, pending);
    const provider = await defaultProvider(sessions, companyId);
    if (!provider) return wait(job, total, pending);
    progress(companyId, { contactListId, checked: total - pending, total, state: 'running' });
    for (;;) {
      const batch = await ContactListItemModel.find({ companyId, checkKey: contactListId }, { _id: 1, contactListId: 1, number: 1 }).limit(BATCH).lean<ContactListItemDoc[]>();
      if (batch.length === 0) break;
      let answers;
      try {
        answers = await provider.onWhatsApp(batch.map((item) => item.number));
      } catch (err) {
        logger.warn({ err, companyId, contactListId }, 'contact list check: the connection did not answer; asking again later');
        return wait(job, total, pending);
      }
      const recorded = await Promise.all(batch.map((item, index) => record(companyId, item, answers[index]?.exists === true)));
      // Every item of the batch changed meanwhile (renumbered): the next run asks for them.
      if (!recorded.some(Boolean)) {
        await request(companyId, contactListId);
        return;
      }
      pending = Math.max(0, pending - batch.length);
      progress(companyId, { contactListId, checked: total - pending, total, state: 'running' });
    }
    progress(companyId, { contactListId, checked: total, total, state: 'done' });
  }

  jobs.define(CHECK_JOB, sweep);

  return {
    request,
    schedule: () => jobs.every(deps.retryMs, CHECK_JOB),
  };
}
