/** The names of a company's connections, for the tickets they carry (kept in memory). */
import { companyCache } from '../../platform/database/companyCache.js';
import { WhatsappModel } from './model.js';

export const connectionNames = companyCache(async (companyId): Promise<Map<string, string>> => {
  const rows = await WhatsappModel.find({ companyId }, { name: 1 }).lean<{ _id: unknown; name: string }[]>();
  return new Map(rows.map((whatsapp) => [String(whatsapp._id), whatsapp.name]));
});
