/** The names of a company's users, for the tickets and messages they appear on (kept in memory). */
import { companyCache } from '../../platform/database/companyCache.js';
import { UserModel } from './model.js';

export const userNames = companyCache(async (companyId): Promise<Map<string, string>> => {
  const rows = await UserModel.find({ companyId }, { name: 1 }).lean<{ _id: unknown; name: string }[]>();
  return new Map(rows.map((user) => [String(user._id), user.name]));
});
