/** The queues of a company as the lists show them, kept in memory (queues change rarely). */
import { companyCache } from '../../platform/database/companyCache.js';
import { QueueModel, type QueueDoc } from './model.js';

/** With the integration or prompt that answers the queue's tickets (automation reads them for every customer message). */
export type QueueCard = Pick<QueueDoc, '_id' | 'name' | 'color' | 'promptId' | 'integrationId'>;

export const queueCards = companyCache(async (companyId): Promise<Map<string, QueueCard>> => {
  const rows = await QueueModel.find({ companyId }, { name: 1, color: 1, promptId: 1, integrationId: 1 }).lean<QueueCard[]>();
  return new Map(rows.map((queue) => [String(queue._id), queue]));
});
