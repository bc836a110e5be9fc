import type { Flow, FlowCampaign, FlowWithGraph } from '@atende/shared';
import { mediaUrl } from '../../platform/uploads.js';
import type { FlowCampaignDoc } from './campaignModel.js';
import { mediaNamesOf } from './graph.js';
import type { FlowDoc } from './model.js';

export function toFlow(doc: FlowDoc): Flow {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    userId: doc.userId ? String(doc.userId) : null,
    name: doc.name,
    active: doc.active,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** The flow with its graph, and signed addresses for the media its blocks show. */
export function toFlowWithGraph(doc: FlowDoc): FlowWithGraph {
  const companyId = String(doc.companyId);
  const mediaUrls: Record<string, string> = {};
  for (const { name } of doc.flow ? mediaNamesOf(doc.flow) : []) mediaUrls[name] = mediaUrl(companyId, name);
  return { ...toFlow(doc), flow: doc.flow ?? null, mediaUrls };
}

export function toFlowCampaign(doc: FlowCampaignDoc): FlowCampaign {
  return {
    id: String(doc._id),
    companyId: String(doc.companyId),
    name: doc.name,
    flowId: String(doc.flowId),
    whatsappId: String(doc.whatsappId),
    phrase: doc.phrase,
    status: doc.status,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
