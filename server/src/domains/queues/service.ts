import type { Types } from 'mongoose';
import type { Queue, ScheduleRow } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { defaultSchedules, mergeSchedules } from '../companies/dates.js';
import { createWithinPlan } from '../plans/limits.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { updateTicket } from '../tickets/writer.js';
import { UserModel } from '../users/model.js';
import { WhatsappModel } from '../whatsapp/model.js';
import { refuseUnknownIntegration } from '../queueIntegrations/dto.js';
import { refuseUnknownPrompt } from '../prompts/dto.js';
import { releaseQueue } from '../prompts/queueLinks.js';
import { byOption, toQueue, toQueueOption } from './dto.js';
import { queueCards } from './cache.js';
import { QueueModel, QueueOptionModel, queueNameKey, type QueueDoc, type QueueOptionDoc } from './model.js';

export interface QueueInput {
  name?: string;
  color?: string;
  orderQueue?: number | null | '';
  greetingMessage?: string | null;
  outOfHoursMessage?: string | null;
  schedules?: Partial<ScheduleRow>[];
  integrationId?: string | null;
  promptId?: string | null;
}

/** A queue of the company, or ERR_NO_QUEUE_FOUND (also for another company's id). */
export async function findQueue(companyId: string, id: string): Promise<QueueDoc> {
  const queue = await QueueModel.findOne({ _id: id, companyId }).lean<QueueDoc>();
  if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
  return queue;
}

/** The company's queues in menu order (orderQueue, then name). */
export async function companyQueues(companyId: string): Promise<QueueDoc[]> {
  return QueueModel.find({ companyId }).sort({ orderQueue: 1, nameKey: 1, _id: 1 }).lean<QueueDoc[]>();
}

/** Turns what the API accepts ('' for none, null messages) into stored values. */
function storedFields(input: QueueInput): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  if (input.name !== undefined) {
    set.name = input.name.trim();
    set.nameKey = queueNameKey(input.name);
  }
  if (input.color !== undefined) set.color = input.color.trim().toLowerCase();
  if (input.orderQueue !== undefined) set.orderQueue = input.orderQueue === '' ? null : input.orderQueue;
  if (input.greetingMessage !== undefined) set.greetingMessage = input.greetingMessage ?? '';
  if (input.outOfHoursMessage !== undefined) set.outOfHoursMessage = input.outOfHoursMessage ?? '';
  if (input.integrationId !== undefined) set.integrationId = input.integrationId || null;
  if (input.promptId !== undefined) set.promptId = input.promptId || null;
  return set;
}

async function refuseDuplicates(companyId: string, input: QueueInput, exceptId?: string): Promise<void> {
  const except = exceptId ? { _id: { $ne: exceptId } } : {};
  if (input.color !== undefined && (await QueueModel.exists({ companyId, color: input.color.trim().toLowerCase(), ...except }))) {
    throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  }
  if (input.name !== undefined && (await QueueModel.exists({ companyId, nameKey: queueNameKey(input.name), ...except }))) {
    throw new AppError('ERR_DUPLICATED', { field: 'name' });
  }
}

/** Queues named by a connection or a user must be queues of its company (ERR_NO_QUEUE_FOUND). */
export async function refuseUnknownQueues(companyId: string, queueIds: string[]): Promise<void> {
  const wanted = [...new Set(queueIds.filter(Boolean))];
  if (wanted.length === 0) return;
  const found = await QueueModel.countDocuments({ companyId, _id: { $in: wanted } });
  if (found !== wanted.length) throw new AppError('ERR_NO_QUEUE_FOUND');
}

/** The greeting is required when the company has more than one queue (document 2 section 5). */
function refuseMissingGreeting(queueCount: number, greeting: string | null | undefined): void {
  if (queueCount > 1 && !(greeting ?? '').trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
}

/** Super users may read another company's queues; everyone else stays in their own. */
function targetCompany(actor: AuthCredentials, companyId?: string): string {
  return actor.super && companyId ? companyId : actor.companyId;
}

export function createQueueService(realtime: RealtimePublisher) {
  function announce(companyId: string, action: 'create' | 'update', queue: Queue): void {
    realtime.publish(companyId, 'queue', { action, queue });
  }

  return {
    async list(actor: AuthCredentials, companyId?: string): Promise<Queue[]> {
      const rows = await companyQueues(targetCompany(actor, companyId));
      return rows.map((row) => toQueue(row));
    },

    async get(actor: AuthCredentials, id: string): Promise<Queue> {
      const queue = await findQueue(actor.companyId, id);
      const options = await QueueOptionModel.find({ companyId: actor.companyId, queueId: queue._id }).lean<QueueOptionDoc[]>();
      return toQueue(queue, options.map(toQueueOption).sort(byOption));
    },

    async create(actor: AuthCredentials, input: QueueInput): Promise<Queue> {
      const { companyId } = actor;
      await refuseUnknownIntegration(companyId, input.integrationId);
      await refuseUnknownPrompt(companyId, input.promptId);
      const created = await createWithinPlan(companyId, 'queues', QueueModel, async (count) => {
        await refuseDuplicates(companyId, input);
        refuseMissingGreeting(count + 1, input.greetingMessage);
        const schedules = input.schedules ? mergeSchedules([], input.schedules) : defaultSchedules();
        return QueueModel.create({ greetingMessage: '', outOfHoursMessage: '', ...storedFields(input), schedules, companyId });
      });
      const queue = toQueue(created.toObject() as QueueDoc);
      queueCards.invalidate(companyId);
      announce(companyId, 'create', queue);
      return queue;
    },

    async update(actor: AuthCredentials, id: string, input: QueueInput): Promise<Queue> {
      const { companyId } = actor;
      const current = await findQueue(companyId, id);
      await refuseDuplicates(companyId, input, id);
      await refuseUnknownIntegration(companyId, input.integrationId);
      await refuseUnknownPrompt(companyId, input.promptId);
      const count = await QueueModel.countDocuments({ companyId });
      refuseMissingGreeting(count, input.greetingMessage !== undefined ? input.greetingMessage : current.greetingMessage);
      const set = storedFields(input);
      if (input.schedules) set.schedules = mergeSchedules(current.schedules ?? [], input.schedules);
      const updated = await QueueModel.findOneAndUpdate({ _id: id, companyId }, { $set: set }, { returnDocument: 'after' }).lean<QueueDoc>();
      if (!updated) throw new AppError('ERR_NO_QUEUE_FOUND');
      queueCards.invalidate(companyId);
      const queue = toQueue(updated);
      announce(companyId, 'update', queue);
      return queue;
    },

    /** Removes the queue and its options; users, tickets and connections lose it. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const { companyId } = actor;
      const queue = await findQueue(companyId, id);
      const options = await QueueOptionModel.find({ companyId, queueId: queue._id }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
      await QueueModel.deleteOne({ _id: queue._id, companyId });
      queueCards.invalidate(companyId);
      await QueueOptionModel.deleteMany({ companyId, queueId: queue._id });
      await UserModel.updateMany({ companyId, queueIds: queue._id }, { $pull: { queueIds: queue._id } });
      // The queue's tickets change lanes (lanes.ts) one by one; their place in time stays.
      for (const ticket of await TicketModel.find({ companyId, queueId: queue._id }).lean<TicketDoc[]>()) {
        await updateTicket(companyId, ticket, { $set: { queueId: null, queueOptionId: null } }, { touch: false });
      }
      if (options.length > 0) {
        await TicketModel.updateMany({ companyId, queueOptionId: { $in: options.map((o) => o._id) } }, { $set: { queueOptionId: null } }, { timestamps: false });
      }
      await WhatsappModel.updateMany({ companyId, queueIds: queue._id }, { $pull: { queueIds: queue._id } });
      await WhatsappModel.updateMany({ companyId, transferQueueId: queue._id }, { $set: { transferQueueId: null } });
      await releaseQueue(realtime, companyId, queue._id);
      realtime.publish(companyId, 'queue', { action: 'delete', queueId: id });
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
