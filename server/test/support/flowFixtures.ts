/**
 * Flows for the engine's tests: graphs written compactly, stored as the flow builder saves them
 * (the flow builder's own routes are another area's), and phrase campaigns.
 */
import { normalizePhrase, type FlowEdge, type FlowGraph, type FlowNode } from '@atende/shared';
import { FlowCampaignModel } from '../../src/domains/flows/campaignModel.js';
import { FlowModel } from '../../src/domains/flows/model.js';
import { unique } from './fixtures.js';

type NodeSpec = [id: string, type: FlowNode['type'], data?: Record<string, unknown>];
type EdgeSpec = [source: string, target: string, handle?: string];

/** A graph from [id, type, data] nodes and [source, target, handle] edges. */
export function graphOf(nodes: NodeSpec[], edges: EdgeSpec[]): FlowGraph {
  return {
    nodes: nodes.map(([id, type, data], index) => ({ id, type, position: { x: index * 240, y: 0 }, data: data ?? {} }) as FlowNode),
    connections: edges.map(([source, target, handle], index): FlowEdge => ({ id: `e${index}-${source}-${target}`, source, target, sourceHandle: handle ?? 'a', targetHandle: null })),
  };
}

export async function storeFlow(companyId: string, graph: FlowGraph | null, fields: { active?: boolean; name?: string } = {}): Promise<string> {
  const flow = await FlowModel.create({ companyId, name: fields.name ?? unique('Flow '), active: fields.active ?? true, flow: graph });
  return String(flow._id);
}

export async function storeCampaign(companyId: string, flowId: string, whatsappId: string, phrase: string, status = true): Promise<string> {
  const campaign = await FlowCampaignModel.create({ companyId, name: unique('Phrase '), flowId, whatsappId, phrase, phraseKey: normalizePhrase(phrase), status });
  return String(campaign._id);
}
