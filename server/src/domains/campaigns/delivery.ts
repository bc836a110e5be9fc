/**
 * Sending one shipping's messages, exactly once. Each message's id is derived from the shipping
 * and the part (main text, each file, the confirmation request): a run resumed after a crash finds
 * what it stored before and stores only what is missing. Stored messages leave through the
 * outbound sender like the inbox's (its outbox survives restarts), so acks come back to them.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { StoredMedia } from '../../platform/uploads.js';
import { filesToSend } from '../files/dto.js';
import { FileListModel, type FileListDoc } from '../files/model.js';
import { conversationWith } from '../messages/conversation.js';
import { MessageModel } from '../messages/model.js';
import type { MessageService } from '../messages/service.js';
import type { TicketDoc } from '../tickets/model.js';
import { variantsOf } from './dto.js';
import type { CampaignDoc, CampaignShippingDoc } from './model.js';
import { renderCampaignVariables } from './settings.js';
import type { CampaignSettings } from '@atende/shared';

/** The id of a shipping's message `part`, the same on every run. */
export function shippingMessageId(shippingId: Types.ObjectId, part: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`${String(shippingId)}:${part}`).digest('hex').slice(0, 24));
}

/** The text of the shipping's variant; one still filled in if that variant was emptied since. */
function textOf(campaign: CampaignDoc, shipping: CampaignShippingDoc, prefix: 'message' | 'confirmationMessage'): string {
  const chosen = campaign[`${prefix}${shipping.variant}` as keyof CampaignDoc] as string | undefined;
  if (chosen?.trim()) return chosen;
  const first = variantsOf(campaign, prefix)[0];
  return first ? (campaign[`${prefix}${first}` as keyof CampaignDoc] as string) : '';
}

export function createDelivery(deps: { realtime: RealtimePublisher; messages: MessageService }) {
  const { realtime, messages } = deps;

  /**
   * Stores the message unless a run that died stored it already (`resumed`: the shipping was
   * claimed before this run; a freshly claimed one cannot have messages yet).
   */
  async function storeOnce(ticket: TicketDoc, resumed: boolean, messageId: Types.ObjectId, body: string, media?: StoredMedia): Promise<void> {
    const companyId = String(ticket.companyId);
    if (resumed && (await MessageModel.exists({ companyId, _id: messageId }))) return;
    await messages.storeOutbound({ companyId, ticket, body, messageId, origin: 'campaign', ...(media ? { media } : {}) });
  }

  async function conversation(campaign: CampaignDoc, shipping: CampaignShippingDoc): Promise<TicketDoc> {
    const { ticket } = await conversationWith(realtime, String(campaign.companyId), campaign.whatsappId!, { number: shipping.number, name: shipping.name });
    return ticket;
  }

  return {
    /** The campaign's message (its attachment with the text as caption), then the file list's files. */
    async sendMain(campaign: CampaignDoc, shipping: CampaignShippingDoc, settings: CampaignSettings, fileList: FileListDoc | null, options: { resumed: boolean; ticket?: TicketDoc }): Promise<void> {
      const { resumed } = options;
      const to = options.ticket ?? (await conversation(campaign, shipping));
      const body = renderCampaignVariables(textOf(campaign, shipping, 'message'), settings.variables);
      await storeOnce(to, resumed, shippingMessageId(shipping._id, 'message'), body, campaign.media ?? undefined);
      for (const [index, media] of (fileList ? filesToSend(fileList) : []).entries()) {
        await storeOnce(to, resumed, shippingMessageId(shipping._id, `file${index}`), index === 0 ? renderCampaignVariables(fileList!.message, settings.variables) : '', media);
      }
    },

    async sendConfirmationRequest(campaign: CampaignDoc, shipping: CampaignShippingDoc, settings: CampaignSettings, resumed: boolean): Promise<void> {
      const ticket = await conversation(campaign, shipping);
      await storeOnce(ticket, resumed, shippingMessageId(shipping._id, 'confirmation'), renderCampaignVariables(textOf(campaign, shipping, 'confirmationMessage'), settings.variables));
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;

export async function fileListOf(campaign: CampaignDoc): Promise<FileListDoc | null> {
  if (!campaign.fileListId) return null;
  return FileListModel.findOne({ companyId: campaign.companyId, _id: campaign.fileListId }).lean<FileListDoc>();
}
