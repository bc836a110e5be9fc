/**
 * Flow graphs and flows for the tests: graphs written compactly, flows and phrase campaigns stored
 * as the flow builder saves them (the engine's tests), and a graph for the flows API and sweeps.
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

const position = { x: 0, y: 0 };

export const START = { id: '1', type: 'start', position, data: { label: 'Inicio do fluxo' } };

export function node(id: string, type: string, data: Record<string, unknown>) {
  return { id, type, position, data };
}

export function edge(source: string, target: string, sourceHandle = 'a') {
  return { id: `e-${source}-${sourceHandle}-${target}`, source, target, sourceHandle, targetHandle: null };
}

/**
 * start -> message -> menu; option 1 -> ticket (the queue given), option 2 left unconnected: a
 * graph that saves with one problem (exitUnconnected on menu1 'a2').
 */
export function validGraph(queueId: string) {
  return {
    nodes: [
      START,
      node('m1', 'message', { label: 'Olá! Bem-vindo.' }),
      node('menu1', 'menu', { message: 'Escolha', arrayOption: [{ number: 1, value: 'Comprar' }, { number: 2, value: 'Falar com alguém' }] }),
      node('ticket1', 'ticket', { queueId, name: 'Vendas' }),
    ],
    connections: [edge('1', 'm1'), edge('m1', 'menu1'), edge('menu1', 'ticket1', 'a1')],
  };
}
