/** The queues of a company as the lists show them, kept in memory (queues change rarely). */
import { companyCache } from '../../platform/database/companyCache.js';
import { QueueModel, type QueueDoc } from './model.js';

/** With the prompt that answers the queue's tickets (automation/ai reads it for every customer message). */
export type QueueCard = Pick<QueueDoc, '_id' | 'name' | 'color' | 'promptId'>;

export const queueCards = companyCache(async (companyId): Promise<Map<string, QueueCard>> => {
  const rows = await QueueModel.find({ companyId }, { name: 1, color: 1, promptId: 1 }).lean<QueueCard[]>();
  return new Map(rows.map((queue) => [String(queue._id), queue]));
});
