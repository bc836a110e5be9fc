/**
 * The confirmation flow's answer (hooked in the inbound pipeline): a customer who writes on the
 * connection while a campaign awaits their confirmation confirms it, whatever they write; the
 * campaign's message then goes to them (on the conversation they wrote in), once: the shipping
 * is taken by a conditional update on its confirmKey.
 */
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { MessageService } from '../messages/service.js';
import type { TicketDoc } from '../tickets/model.js';
import { createDelivery, fileListOf } from './delivery.js';
import { toCampaign } from './dto.js';
import { CampaignModel, CampaignShippingModel, type CampaignDoc, type CampaignShippingDoc } from './model.js';
import { campaignSettingsOf } from './settings.js';

export type CampaignAnswerHook = (companyId: string, whatsappId: string, number: string, ticket: TicketDoc) => Promise<void>;

export function createCampaignConfirmations(deps: { realtime: RealtimePublisher; messages: MessageService }): CampaignAnswerHook {
  const { realtime } = deps;
  const delivery = createDelivery(deps);

  return async (companyId, whatsappId, number, ticket) => {
    const confirmKey = `${whatsappId}:${number}`;
    const waiting = await CampaignShippingModel.findOne({ companyId, confirmKey }, { _id: 1 }).lean<CampaignShippingDoc>();
    if (!waiting) return;
    const shipping = await CampaignShippingModel.findOneAndUpdate(
      { companyId, _id: waiting._id, confirmKey },
      { $set: { confirmKey: null, state: 'confirmed', confirmedAt: new Date() } },
      { returnDocument: 'after' },
    ).lean<CampaignShippingDoc>();
    if (!shipping) return;
    const campaign = await CampaignModel.findOneAndUpdate({ companyId, _id: shipping.campaignId }, { $inc: { confirmed: 1 } }, { returnDocument: 'after' }).lean<CampaignDoc>();
    if (!campaign) return;
    await delivery.sendMain(campaign, shipping, await campaignSettingsOf(companyId), await fileListOf(campaign), { resumed: true, ticket });
    await CampaignShippingModel.updateOne({ companyId, _id: shipping._id }, { $set: { state: 'delivered', deliveredAt: new Date() } });
    const updated = await CampaignModel.findOneAndUpdate({ companyId, _id: campaign._id }, { $inc: { delivered: 1 } }, { returnDocument: 'after' }).lean<CampaignDoc>();
    if (updated) realtime.publish(companyId, 'campaign', { action: 'progress', record: toCampaign(updated) });
  };
}
