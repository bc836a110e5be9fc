/** A company's queue integrations, kept in memory for the inbound pipeline (dropped by every write). */
import { companyCache } from '../../platform/database/companyCache.js';
import { QueueIntegrationModel, type QueueIntegrationDoc } from './model.js';

export const companyIntegrations = companyCache(async (companyId): Promise<Map<string, QueueIntegrationDoc>> => {
  const rows = await QueueIntegrationModel.find({ companyId }).lean<QueueIntegrationDoc[]>();
  return new Map(rows.map((integration) => [String(integration._id), integration]));
});

/** One integration of the company as stored, or null. */
export async function integrationOf(companyId: string, integrationId: unknown): Promise<QueueIntegrationDoc | null> {
  if (!integrationId) return null;
  return (await companyIntegrations.get(companyId)).get(String(integrationId)) ?? null;
}
