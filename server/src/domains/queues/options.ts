/** The options tree of a queue (document 2: queue options; parentId -1 is the top level). */
import type { Types } from 'mongoose';
import { TOP_LEVEL_OPTION, type QueueOption } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { TicketModel } from '../tickets/model.js';
import { byOption, toQueue, toQueueOption } from './dto.js';
import { QueueOptionModel, type QueueOptionDoc } from './model.js';
import { findQueue } from './service.js';

/** -1 / null / undefined: the top level. */
type ParentRef = string | number | null | undefined;

function parentOf(ref: ParentRef): string | null {
  return typeof ref === 'string' ? ref : null;
}

export interface QueueOptionInput {
  queueId?: string;
  parentId?: ParentRef;
  title?: string;
  message?: string;
  option?: string;
}

/** The chatbot's menu at one level of a queue's tree (parentId null: the top), ordered by option. */
export async function optionChildren(companyId: string, queueId: string, parentId: string | null): Promise<QueueOption[]> {
  const rows = await QueueOptionModel.find({ companyId, queueId, parentId }).lean<QueueOptionDoc[]>();
  return rows.map(toQueueOption).sort(byOption);
}

/** One option of the company, or ERR_NO_QUEUE_OPTION_FOUND. */
export async function findQueueOption(companyId: string, id: string): Promise<QueueOptionDoc> {
  const option = await QueueOptionModel.findOne({ _id: id, companyId }).lean<QueueOptionDoc>();
  if (!option) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');
  return option;
}

/** The option and every option below it. */
async function subtree(companyId: string, root: Types.ObjectId): Promise<Types.ObjectId[]> {
  const all = [root];
  let frontier = [root];
  while (frontier.length > 0) {
    const children = await QueueOptionModel.find({ companyId, parentId: { $in: frontier } }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
    frontier = children.map((child) => child._id);
    all.push(...frontier);
  }
  return all;
}

export function createQueueOptionService(realtime: RealtimePublisher) {
  /** An option change is a change of its queue for whoever shows the queue dialog. */
  async function announce(companyId: string, queueId: Types.ObjectId | string): Promise<void> {
    const queue = await findQueue(companyId, String(queueId)).catch(() => null);
    if (queue) realtime.publish(companyId, 'queue', { action: 'update', queue: toQueue(queue) });
  }

  return {
    async list(actor: AuthCredentials, query: { queueId: string; parentId?: ParentRef }): Promise<QueueOption[]> {
      const filter: Record<string, unknown> = { companyId: actor.companyId, queueId: query.queueId };
      if (query.parentId !== undefined) filter.parentId = parentOf(query.parentId);
      const rows = await QueueOptionModel.find(filter).lean<QueueOptionDoc[]>();
      return rows.map(toQueueOption).sort(byOption);
    },

    async get(actor: AuthCredentials, id: string): Promise<QueueOption> {
      return toQueueOption(await findQueueOption(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: QueueOptionInput): Promise<QueueOption> {
      const { companyId } = actor;
      const queue = await findQueue(companyId, input.queueId ?? '');
      const parentId = parentOf(input.parentId ?? TOP_LEVEL_OPTION);
      if (parentId) {
        const parent = await findQueueOption(companyId, parentId);
        if (!parent.queueId.equals(queue._id)) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');
      }
      const created = await QueueOptionModel.create({
        companyId,
        queueId: queue._id,
        parentId,
        title: input.title,
        message: input.message ?? '',
        option: input.option,
      });
      await announce(companyId, queue._id);
      return toQueueOption(created.toObject() as QueueOptionDoc);
    },

    async update(actor: AuthCredentials, id: string, input: QueueOptionInput): Promise<QueueOption> {
      const { companyId } = actor;
      await findQueueOption(companyId, id);
      const set: Record<string, unknown> = {};
      for (const field of ['title', 'message', 'option'] as const) if (input[field] !== undefined) set[field] = input[field];
      const updated = await QueueOptionModel.findOneAndUpdate({ _id: id, companyId }, { $set: set }, { returnDocument: 'after' }).lean<QueueOptionDoc>();
      if (!updated) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');
      await announce(companyId, updated.queueId);
      return toQueueOption(updated);
    },

    /** Deletes the option with its whole subtree; tickets standing on them go back to the top. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const { companyId } = actor;
      const option = await findQueueOption(companyId, id);
      const ids = await subtree(companyId, option._id);
      await QueueOptionModel.deleteMany({ companyId, _id: { $in: ids } });
      await TicketModel.updateMany({ companyId, queueOptionId: { $in: ids } }, { $set: { queueOptionId: null } }, { timestamps: false });
      await announce(companyId, option.queueId);
    },
  };
}
