/**
 * Sends scheduled messages: one Agenda job per schedule at its sendAt (`SCHEDULE_SEND_JOB`).
 *
 * Exactly once across restarts and nodes:
 * - a run claims the schedule atomically (PENDENTE -> AGENDADA with a lease, `claimedUntil`); only
 *   the holder sends, and a run that stopped is taken over once its lease has passed;
 * - the stored message's _id is the schedule's own _id: a run resumed after "message stored" but
 *   before "schedule marked" finds it and only marks the schedule (the outbound sender resumes the
 *   message's delivery by its outboxKey, as for any unsent reply).
 *
 * The message goes to the contact's open or pending ticket on the connection of the contact's
 * latest ticket (else the company's default connection), or to a new pending ticket, and leaves
 * through the outbound sender. A connection that is not connected, or a failure before the message
 * is stored, is retried (scheduleRetryMs, doubling) up to SCHEDULE_MAX_ATTEMPTS, then ERRO with the
 * reason in lastError (an ERR_ code when known).
 */
import { readFile } from 'node:fs/promises';
import { SCHEDULE_MAX_ATTEMPTS } from '@atende/shared';
import type { Types } from 'mongoose';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { JobRunner } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { mediaFilePath, storeUpload } from '../../platform/uploads.js';
import { ContactModel, type ContactDoc } from '../contacts/model.js';
import { activeTicketOf } from '../messages/conversation.js';
import { MessageModel } from '../messages/model.js';
import type { MessageService } from '../messages/service.js';
import { TicketModel } from '../tickets/model.js';
import { WhatsappModel, type WhatsappDoc } from '../whatsapp/model.js';
import { toSchedule } from './dto.js';
import { ScheduleModel, type ScheduleDoc } from './model.js';

export const SCHEDULE_SEND_JOB = 'schedule-send';
const LEASE_MIN_MS = 10_000;

export interface ScheduleJob {
  companyId: string;
  scheduleId: string;
}

/** A failure that no retry can mend (the contact is gone): ERRO at once. */
class FinalFailure extends Error {}

export interface ScheduleSender {
  /** Plans the send at the schedule's sendAt (replacing a previous plan). */
  plan(schedule: Pick<ScheduleDoc, '_id' | 'companyId' | 'sendAt'>): Promise<void>;
  cancel(companyId: string, scheduleId: string): Promise<void>;
  /** One run for a schedule (what the job does). */
  run(job: ScheduleJob): Promise<void>;
  /** At start: runs what a stopped node left due or half sent. */
  resume(): Promise<number>;
}

function reasonOf(err: unknown): string {
  if (err instanceof AppError) return err.code;
  return err instanceof Error ? err.message : String(err);
}

/** The connection of the contact's latest ticket, else the company's default one. */
async function connectionFor(companyId: string, contactId: Types.ObjectId): Promise<WhatsappDoc> {
  const [latest] = await TicketModel.find({ companyId, contactId }, { whatsappId: 1 }).sort({ updatedAt: -1 }).limit(1).lean<{ whatsappId: Types.ObjectId | null }[]>();
  const ofTicket = latest?.whatsappId ? await WhatsappModel.findOne({ companyId, _id: latest.whatsappId }).lean<WhatsappDoc>() : null;
  const whatsapp = ofTicket ?? (await WhatsappModel.findOne({ companyId, isDefault: true }).lean<WhatsappDoc>());
  if (!whatsapp) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  return whatsapp;
}

export function createScheduleSender(deps: { realtime: RealtimePublisher; logger: Logger; config: Config; messages: MessageService; jobs: JobRunner }): ScheduleSender {
  const { realtime, logger, config, messages, jobs } = deps;
  // A run takes well under a second, but a loaded machine stretches it: the lease must outlast a
  // slow run (another run taking over early would only find the message stored, see deliver) and
  // decides how soon a stopped run is taken over.
  const leaseMs = Math.max(2 * config.jobLockMs, LEASE_MIN_MS);

  const jobOf = (companyId: unknown, scheduleId: unknown): ScheduleJob => ({ companyId: String(companyId), scheduleId: String(scheduleId) });

  function announce(doc: ScheduleDoc): void {
    realtime.publish(String(doc.companyId), 'schedule', { action: 'update', schedule: toSchedule(doc) });
  }

  /** The ticket of the schedule's message when it is stored already. */
  async function storedTicket(schedule: ScheduleDoc): Promise<Types.ObjectId | null> {
    const stored = await MessageModel.findOne({ companyId: schedule.companyId, _id: schedule._id }, { ticketId: 1 }).lean<{ ticketId: Types.ObjectId }>();
    return stored?.ticketId ?? null;
  }

  /** Stores the message (once: its _id is the schedule's) and answers its ticket. */
  async function deliver(schedule: ScheduleDoc): Promise<Types.ObjectId> {
    const companyId = String(schedule.companyId);
    const stored = await storedTicket(schedule);
    if (stored) return stored;
    const contact = await ContactModel.findOne({ companyId, _id: schedule.contactId }).lean<ContactDoc>();
    if (!contact) throw new FinalFailure('ERR_NO_CONTACT_FOUND');
    const whatsapp = await connectionFor(companyId, contact._id);
    if (whatsapp.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_CONNECTED');
    // The message gets a copy of the attachment: deleting the schedule later must not take its file.
    const media = schedule.mediaPath
      ? await storeUpload(companyId, { filename: schedule.mediaName ?? schedule.mediaPath, bytes: await readFile(mediaFilePath(companyId, schedule.mediaPath)) })
      : undefined;
    const ticket = await activeTicketOf(realtime, companyId, whatsapp._id, contact);
    await messages.storeOutbound({ companyId, ticket, body: schedule.body, media, messageId: schedule._id, userId: schedule.userId ? String(schedule.userId) : null, origin: 'schedule' });
    return ticket._id;
  }

  async function settle(schedule: ScheduleDoc, set: Record<string, unknown>): Promise<void> {
    const updated = await ScheduleModel.findOneAndUpdate({ companyId: schedule.companyId, _id: schedule._id, status: 'AGENDADA' }, { $set: set }, { returnDocument: 'after' }).lean<ScheduleDoc>();
    if (updated) announce(updated);
  }

  async function fail(schedule: ScheduleDoc, err: unknown): Promise<void> {
    const attempts = (schedule.attempts ?? 0) + 1;
    const givenUp = err instanceof FinalFailure || attempts >= SCHEDULE_MAX_ATTEMPTS;
    const lastError = reasonOf(err);
    logger.warn({ scheduleId: String(schedule._id), attempts, reason: lastError }, 'scheduled message not sent');
    await settle(schedule, { status: givenUp ? 'ERRO' : 'PENDENTE', attempts, lastError, claimedUntil: null });
    if (!givenUp) await jobs.schedule(new Date(Date.now() + config.scheduleRetryMs * 2 ** (attempts - 1)), SCHEDULE_SEND_JOB, jobOf(schedule.companyId, schedule._id));
  }

  async function run({ companyId, scheduleId }: ScheduleJob): Promise<void> {
    const now = new Date();
    const claimed = await ScheduleModel.findOneAndUpdate(
      { companyId, _id: scheduleId, sendAt: { $lte: now }, $or: [{ status: 'PENDENTE' }, { status: 'AGENDADA', claimedUntil: { $lte: now } }] },
      { $set: { status: 'AGENDADA', claimedUntil: new Date(now.getTime() + leaseMs) } },
      { returnDocument: 'after' },
    ).lean<ScheduleDoc>();
    if (!claimed) {
      // Held by a run that may have stopped: look again once its lease is over.
      const held = await ScheduleModel.findOne({ companyId, _id: scheduleId, status: 'AGENDADA' }, { claimedUntil: 1 }).lean<Pick<ScheduleDoc, 'claimedUntil'>>();
      if (held?.claimedUntil) await jobs.schedule(new Date(held.claimedUntil.getTime() + 50), SCHEDULE_SEND_JOB, jobOf(companyId, scheduleId));
      return;
    }
    announce(claimed);
    let ticketId: Types.ObjectId;
    try {
      ticketId = await deliver(claimed);
    } catch (err) {
      // Stored by another run after all (its insert won): that is a success, not an attempt.
      const stored = await storedTicket(claimed);
      if (!stored) {
        await fail(claimed, err);
        return;
      }
      ticketId = stored;
    }
    await settle(claimed, { status: 'ENVIADA', sentAt: new Date(), ticketId, messageId: claimed._id, lastError: null, claimedUntil: null });
  }

  jobs.define<ScheduleJob>(SCHEDULE_SEND_JOB, (data) => run(data));

  return {
    async plan(schedule) {
      const job = jobOf(schedule.companyId, schedule._id);
      await jobs.cancel(SCHEDULE_SEND_JOB, job);
      await jobs.schedule(schedule.sendAt, SCHEDULE_SEND_JOB, job);
    },

    cancel: (companyId, scheduleId) => jobs.cancel(SCHEDULE_SEND_JOB, jobOf(companyId, scheduleId)),

    run,

    async resume() {
      // Only the status equality reaches the engine's index; the due ones are few.
      const due = [
        ...(await ScheduleModel.find({ status: 'AGENDADA' }, { companyId: 1 }, { crossTenant: true }).lean<Pick<ScheduleDoc, '_id' | 'companyId'>[]>()),
        ...(await ScheduleModel.find({ status: 'PENDENTE', sendAt: { $lte: new Date() } }, { companyId: 1 }, { crossTenant: true }).lean<Pick<ScheduleDoc, '_id' | 'companyId'>[]>()),
      ];
      for (const schedule of due) await jobs.now(SCHEDULE_SEND_JOB, jobOf(schedule.companyId, schedule._id));
      if (due.length > 0) logger.info({ schedules: due.length }, 'scheduled messages: resuming the due ones');
      return due.length;
    },
  };
}
