/** The tags of a company, for the tickets that carry them (kept in memory). */
import { companyCache } from '../../platform/database/companyCache.js';
import { TagModel, type TagDoc } from './model.js';

export type TagCard = Pick<TagDoc, '_id' | 'name' | 'nameKey' | 'color' | 'kanban'>;

export const companyTags = companyCache(async (companyId): Promise<Map<string, TagCard>> => {
  const rows = await TagModel.find({ companyId }, { name: 1, nameKey: 1, color: 1, kanban: 1 }).lean<TagCard[]>();
  return new Map(rows.map((tag) => [String(tag._id), tag]));
});
