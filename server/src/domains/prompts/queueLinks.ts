/**
 * Prompts and queues point at each other (as in the anchors): a prompt's `queueId` is the sector it
 * serves and hands over into; a queue's `promptId` is the prompt that answers its tickets (at most
 * one; several prompts may name the same queue, the queue dialog picks which answers). Saving a
 * prompt for a queue makes it that queue's prompt; moving it away or deleting it leaves the queue
 * without one; deleting a queue leaves its prompts without a sector (the dialog asks for one).
 */
import type { Types } from 'mongoose';
import type { PromptEvent } from '@atende/shared';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { queueCards } from '../queues/cache.js';
import { toQueue } from '../queues/dto.js';
import { QueueModel, type QueueDoc } from '../queues/model.js';
import { companyPrompts } from './cache.js';
import { toPrompt } from './dto.js';
import { PromptModel, type PromptDoc } from './model.js';

type Id = string | Types.ObjectId;

/** Sets the queue's prompt; with `replacing`, only while the queue still names that prompt. */
export async function setQueuePrompt(realtime: RealtimePublisher, companyId: string, queueId: Id, promptId: Id | null, replacing?: Id): Promise<void> {
  const filter = { companyId, _id: queueId, ...(replacing ? { promptId: replacing } : {}) };
  const updated = await QueueModel.findOneAndUpdate(filter, { $set: { promptId } }, { returnDocument: 'after' }).lean<QueueDoc>();
  if (!updated) return;
  queueCards.invalidate(companyId);
  realtime.publish(companyId, 'queue', { action: 'update', queue: toQueue(updated) });
}

/** A queue is being deleted: the prompts that served it keep no dangling sector. */
export async function releaseQueue(realtime: RealtimePublisher, companyId: string, queueId: Id): Promise<void> {
  const served = await PromptModel.find({ companyId, queueId }, { _id: 1 }).lean<Pick<PromptDoc, '_id'>[]>();
  if (served.length === 0) return;
  await PromptModel.updateMany({ companyId, queueId }, { $set: { queueId: null } });
  companyPrompts.invalidate(companyId);
  const queues = await queueCards.get(companyId);
  for (const { _id } of served) {
    const prompt = await PromptModel.findOne({ companyId, _id }).lean<PromptDoc>();
    if (prompt) realtime.publish(companyId, 'prompt', { action: 'update', prompt: toPrompt(prompt, queues) } satisfies PromptEvent);
  }
}
