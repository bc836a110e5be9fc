import { normalizePhrase } from '@atende/shared';
import { FlowCampaignModel, type FlowCampaignDoc } from '../../domains/flows/campaignModel.js';

/**
 * The active phrase campaign of a connection whose phrase is the customer's message (case-, accent-
 * and space-insensitive): one equality lookup on the stored phraseKey per customer message.
 */
export async function findPhraseCampaign(companyId: string, whatsappId: string, body: string): Promise<FlowCampaignDoc | null> {
  const phraseKey = normalizePhrase(body);
  if (!phraseKey) return null;
  return FlowCampaignModel.findOne({ companyId, whatsappId, phraseKey, status: true }).lean<FlowCampaignDoc>();
}
