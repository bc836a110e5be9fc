/** Phrase-triggered flow campaigns (document 3: /phrase-lists, /flowcampaign). */
import { normalizePhrase, type FlowCampaign, type FlowCampaignEvent } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { isObjectId } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { WhatsappModel } from '../whatsapp/model.js';
import { FlowCampaignModel, type FlowCampaignDoc } from './campaignModel.js';
import { toFlowCampaign } from './dto.js';
import { FlowModel } from './model.js';

/**
 * The active campaign whose phrase a customer's message is, on that connection, or null. Hot: the
 * inbound path asks it for every customer message, by equality on engine keys only.
 */
export async function findPhraseCampaign(companyId: string, whatsappId: string, body: string): Promise<FlowCampaignDoc | null> {
  const phraseKey = normalizePhrase(body);
  // Nothing to match, or ids that name nothing (the inbound path must not fail on a cast).
  if (!phraseKey || !isObjectId(companyId) || !isObjectId(whatsappId)) return null;
  return FlowCampaignModel.findOne({ companyId, whatsappId, phraseKey, status: true }).lean<FlowCampaignDoc>();
}

export interface FlowCampaignInput {
  name: string;
  flowId: string;
  whatsappId: string;
  phrase: string;
  status: boolean;
}

async function findCampaign(companyId: string, id: string): Promise<FlowCampaignDoc> {
  const doc = await FlowCampaignModel.findOne({ companyId, _id: id }).lean<FlowCampaignDoc>();
  if (!doc) throw new AppError('ERR_NO_FLOW_CAMPAIGN_FOUND');
  return doc;
}

/**
 * The flow and the connection must be the company's (another company's: not found), and an active
 * campaign's phrase must be free on its connection: one message starts one flow. Checked before
 * writing (no partial unique index on either engine); two racing saves could both pass.
 */
async function checked(companyId: string, input: FlowCampaignInput, exceptId?: string): Promise<FlowCampaignInput & { phraseKey: string }> {
  if (!(await FlowModel.exists({ companyId, _id: input.flowId }))) throw new AppError('ERR_NO_FLOW_FOUND', { field: 'flowId' });
  if (!(await WhatsappModel.exists({ companyId, _id: input.whatsappId }))) throw new AppError('ERR_NO_WAPP_FOUND', { field: 'whatsappId' });
  const phraseKey = normalizePhrase(input.phrase);
  if (!phraseKey) throw new AppError('ERR_VALIDATION', { field: 'phrase', rule: 'string.empty' }, 'payload phrase: has no letters');
  if (input.status) {
    const clash = await FlowCampaignModel.findOne({ companyId, whatsappId: input.whatsappId, phraseKey, status: true }, { _id: 1 }).lean<{ _id: unknown }>();
    if (clash && String(clash._id) !== exceptId) throw new AppError('ERR_DUPLICATED_PHRASE', { field: 'phrase' });
  }
  return { ...input, phraseKey };
}

export function createFlowCampaignService(realtime: RealtimePublisher) {
  function announce(event: FlowCampaignEvent, companyId: string): void {
    realtime.publish(companyId, 'flowcampaign', event);
  }

  return {
    /** The spec's odd key: the list comes as `flow`. A company has few: no pages. */
    async list(actor: AuthCredentials): Promise<{ flow: FlowCampaign[] }> {
      const rows = await FlowCampaignModel.find({ companyId: actor.companyId }).sort({ name: 1, _id: 1 }).lean<FlowCampaignDoc[]>();
      return { flow: rows.map(toFlowCampaign) };
    },

    async get(actor: AuthCredentials, id: string): Promise<{ details: FlowCampaign }> {
      return { details: toFlowCampaign(await findCampaign(actor.companyId, id)) };
    },

    async create(actor: AuthCredentials, input: FlowCampaignInput): Promise<FlowCampaign> {
      const fields = await checked(actor.companyId, input);
      const created = await FlowCampaignModel.create({ companyId: actor.companyId, ...fields });
      const flowCampaign = toFlowCampaign(created.toObject() as FlowCampaignDoc);
      announce({ action: 'create', flowCampaign }, actor.companyId);
      return flowCampaign;
    },

    async update(actor: AuthCredentials, input: FlowCampaignInput & { id: string }): Promise<FlowCampaign> {
      const { id, ...rest } = input;
      await findCampaign(actor.companyId, id);
      const fields = await checked(actor.companyId, rest, id);
      const updated = await FlowCampaignModel.findOneAndUpdate({ companyId: actor.companyId, _id: id }, { $set: fields }, { returnDocument: 'after' }).lean<FlowCampaignDoc>();
      if (!updated) throw new AppError('ERR_NO_FLOW_CAMPAIGN_FOUND');
      const flowCampaign = toFlowCampaign(updated);
      announce({ action: 'update', flowCampaign }, actor.companyId);
      return flowCampaign;
    },

    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const { deletedCount } = await FlowCampaignModel.deleteOne({ companyId: actor.companyId, _id: id });
      if (deletedCount === 0) throw new AppError('ERR_NO_FLOW_CAMPAIGN_FOUND');
      announce({ action: 'delete', flowCampaignId: id }, actor.companyId);
    },
  };
}

export type FlowCampaignService = ReturnType<typeof createFlowCampaignService>;
