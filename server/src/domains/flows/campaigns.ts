/** Phrase-triggered flow campaigns (document 3: /phrase-lists, /flowcampaign). */
import { normalizePhrase } from '@atende/shared';
import { FlowCampaignModel, type FlowCampaignDoc } from './campaignModel.js';

/**
 * The active campaign whose phrase a customer's message is, on that connection, or null. Hot: the
 * inbound path asks it for every customer message, by equality on engine keys only.
 */
export async function findPhraseCampaign(companyId: string, whatsappId: string, body: string): Promise<FlowCampaignDoc | null> {
  const phraseKey = normalizePhrase(body);
  if (!phraseKey) return null;
  return FlowCampaignModel.findOne({ companyId, whatsappId, phraseKey, status: true }).lean<FlowCampaignDoc>();
}
