import type { Help, HelpsPage } from '@atende/shared';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import { HelpModel, type HelpDoc } from './model.js';

export type HelpInput = Partial<Pick<Help, 'title' | 'description' | 'video'>>;

function toHelp(doc: HelpDoc): Help {
  return {
    id: String(doc._id),
    title: doc.title,
    description: doc.description,
    video: doc.video,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export const helpService = {
  async list(query: { searchParam: string; pageNumber: number }): Promise<HelpsPage> {
    const filter = query.searchParam ? { title: searchRegex(query.searchParam) } : {};
    const window = page(query.pageNumber);
    const [count, rows] = await Promise.all([
      HelpModel.countDocuments(filter),
      HelpModel.find(filter).sort({ title: 1, _id: 1 }).skip(window.skip).limit(window.limit).lean<HelpDoc[]>(),
    ]);
    return { records: rows.map(toHelp), count, hasMore: hasMore(count, window, rows.length) };
  },

  async listAll(): Promise<Help[]> {
    const rows = await HelpModel.find().sort({ title: 1 }).lean<HelpDoc[]>();
    return rows.map(toHelp);
  },

  async get(id: string): Promise<Help> {
    const help = await HelpModel.findById(id).lean<HelpDoc>();
    if (!help) throw new AppError('ERR_NO_HELP_FOUND');
    return toHelp(help);
  },

  async create(input: HelpInput): Promise<Help> {
    const created = await HelpModel.create(input);
    return toHelp(created.toObject() as HelpDoc);
  },

  async update(id: string, input: HelpInput): Promise<Help> {
    const updated = await HelpModel.findByIdAndUpdate(id, { $set: input }, { returnDocument: 'after' }).lean<HelpDoc>();
    if (!updated) throw new AppError('ERR_NO_HELP_FOUND');
    return toHelp(updated);
  },

  async remove(id: string): Promise<void> {
    const result = await HelpModel.deleteOne({ _id: id });
    if (result.deletedCount === 0) throw new AppError('ERR_NO_HELP_FOUND');
  },
};
