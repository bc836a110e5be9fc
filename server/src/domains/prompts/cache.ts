/** A company's prompts by id, kept in memory: the AI runner reads them for every customer message. */
import { companyCache } from '../../platform/database/companyCache.js';
import { PromptModel, type PromptDoc } from './model.js';

export const companyPrompts = companyCache(async (companyId): Promise<Map<string, PromptDoc>> => {
  const rows = await PromptModel.find({ companyId }).lean<PromptDoc[]>();
  return new Map(rows.map((prompt) => [String(prompt._id), prompt]));
});
