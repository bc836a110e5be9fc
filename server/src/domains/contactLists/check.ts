/**
 * The WhatsApp check of a list's numbers: an Agenda job per list that asks the company's default
 * connection, a batch at a time, whether each waiting item's number is on WhatsApp. The state is
 * in the items (`checkKey` set while waiting), so a run cut by a restart or taken over by another
 * node goes on from where it stopped, and a second run of the same list finds nothing left to do.
 * While the default connection is not connected the items stay null, the list is marked
 * `checkState: 'waiting'`, the page is told so, and a recurring sweep starts the check again once
 * the company's default connection is connected. Each add asks for a run; runs of one list on a
 * node go one after another, and a run that finds nothing waiting ends at once.
 */
import type { ContactListCheck } from '@atende/shared';
import type { SessionManager } from '../../channels/sessions.js';
import type { Provider } from '../../channels/provider.js';
import { keyedSerial, updateDocument } from '../../platform/database/serial.js';
import type { JobRunner } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { updateList } from './counts.js';
import { WhatsappModel, type WhatsappDoc } from '../whatsapp/model.js';
import { toContactListItem } from './dto.js';
import type { CheckRequester } from './items.js';
import { ContactListItemModel, ContactListModel, type ContactListDoc, type ContactListItemDoc } from './model.js';

export const CHECK_JOB = 'contactList.checkWhatsapp';
export const CHECK_SWEEP_JOB = 'contactList.checkWaiting';
/** Waiting lists looked at per sweep. */
const SWEEP_MAX = 200;
/** Numbers asked at once. */
const BATCH = 50;

interface CheckJob {
  companyId: string;
  contactListId: string;
}

export interface ListCheckerDeps {
  jobs: JobRunner;
  sessions: SessionManager;
  realtime: RealtimePublisher;
  logger: Logger;
  /** How often waiting checks look for their connection again (ms). */
  retryMs: number;
}

/** The live provider of the company's default connection, when that one is connected. */
async function defaultProvider(sessions: SessionManager, companyId: string): Promise<Provider | null> {
  const connection = await WhatsappModel.findOne({ companyId, isDefault: true }, { status: 1 }).lean<Pick<WhatsappDoc, '_id' | 'status'>>();
  if (!connection || connection.status !== 'CONNECTED') return null;
  return sessions.provider(String(connection._id)) ?? null;
}

export interface ListChecker extends CheckRequester {
  /** Starts the recurring sweep of the waiting lists (after the job runner started). */
  schedule(): Promise<void>;
}

export function createListChecker(deps: ListCheckerDeps): ListChecker {
  const { jobs, sessions, realtime, logger } = deps;
  // Runs of one list on this node go one after another (the later one finds the work done).
  const runs = keyedSerial();

  function progress(companyId: string, check: ContactListCheck): void {
    realtime.publish(companyId, 'contactList', { action: 'check', ...check });
  }

  function request(companyId: string, contactListId: string): Promise<void> {
    return jobs.now<CheckJob>(CHECK_JOB, { companyId, contactListId });
  }

  async function wait(job: CheckJob, total: number, pending: number): Promise<void> {
    await updateList(job.companyId, job.contactListId, { checkState: 'waiting' });
    progress(job.companyId, { contactListId: job.contactListId, checked: total - pending, total, state: 'waiting' });
  }

  /** Waiting lists whose company's default connection is connected now start their check again. */
  async function sweep(): Promise<void> {
    const waiting = await ContactListModel.find({ checkState: 'waiting' }, { companyId: 1 }).setOptions({ crossTenant: true }).limit(SWEEP_MAX).lean<Pick<ContactListDoc, '_id' | 'companyId'>[]>();
    for (const list of waiting) {
      const companyId = String(list.companyId);
      if (!(await defaultProvider(sessions, companyId))) continue;
      await updateList(companyId, list._id, { checkState: null });
      await request(companyId, String(list._id));
    }
  }

  /** Records one answer, unless the item changed number (or went) since it was read. */
  async function record(companyId: string, item: ContactListItemDoc, exists: boolean): Promise<void> {
    const updated = await updateDocument(ContactListItemModel, companyId, item._id, { $set: { isWhatsappValid: exists, checkKey: null } }, { number: item.number, checkKey: String(item.contactListId) });
    if (updated) realtime.publish(companyId, 'contactListItem', { action: 'update', record: toContactListItem(updated) });
  }

  async function run(job: CheckJob): Promise<void> {
    const { companyId, contactListId } = job;
    const list = await ContactListModel.findOne({ _id: contactListId, companyId }, { contactsCount: 1, checkState: 1 }).lean<Pick<ContactListDoc, 'contactsCount' | 'checkState'>>();
    if (!list) return;
    let pending = await ContactListItemModel.countDocuments({ companyId, checkKey: contactListId });
    if (pending === 0) return;
    const total = Math.max(list.contactsCount, pending);
    const provider = await defaultProvider(sessions, companyId);
    if (!provider) return wait(job, total, pending);
    if (list.checkState) await updateList(companyId, contactListId, { checkState: null });
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
      await Promise.all(batch.map((item, index) => record(companyId, item, answers[index]?.exists === true)));
      pending = Math.max(0, pending - batch.length);
      progress(companyId, { contactListId, checked: total - pending, total, state: 'running' });
    }
    progress(companyId, { contactListId, checked: total, total, state: 'done' });
  }

  jobs.define<CheckJob>(CHECK_JOB, (data) => runs.run(data.contactListId, () => run(data)));
  jobs.define(CHECK_SWEEP_JOB, sweep);

  return {
    request,
    schedule: () => jobs.every(deps.retryMs, CHECK_SWEEP_JOB),
  };
}
