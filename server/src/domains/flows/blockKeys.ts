/**
 * The OpenAI blocks' API keys (data.typebotIntegration.apiKey) are secrets like the prompts' keys:
 * stored sealed, answered masked. A save that sends a block's mask back keeps that block's key (a
 * duplicated block keeps the key it was copied with); a mask this flow has no key for (an import
 * of an export) leaves the block without a key, to be typed again.
 */
import type { FlowGraph, FlowNode } from '@atende/shared';
import type { Sealer } from '../../platform/sealing.js';
import { maskApiKey, openApiKey } from '../prompts/apiKey.js';

/** What maskApiKey answers: up to 3 characters, "...", up to 4. */
const MASK = /^.{0,3}\.\.\..{0,4}$/;

type OpenAiNode = Extract<FlowNode, { type: 'openai' }>;

function isOpenAi(node: FlowNode): node is OpenAiNode {
  return node.type === 'openai';
}

function withKey(node: OpenAiNode, apiKey: string): FlowNode {
  return { ...node, data: { ...node.data, typebotIntegration: { ...node.data.typebotIntegration, apiKey } } };
}

function maskOf(sealer: Sealer, stored: string): string {
  const key = openApiKey(sealer, stored);
  return key ? maskApiKey(key) : '';
}

/** The graph to store: every block's key sealed, masks sent back resolved to the stored keys. */
export function sealBlockKeys(graph: FlowGraph, previous: FlowGraph | null, sealer: Sealer): FlowGraph {
  const stored = (previous?.nodes ?? []).filter(isOpenAi).map((node) => ({ id: node.id, key: node.data.typebotIntegration.apiKey ?? '' })).filter((entry) => entry.key);
  const byNode = new Map(stored.map((entry) => [entry.id, entry.key]));
  const byMask = new Map(stored.map((entry) => [maskOf(sealer, entry.key), entry.key]));
  const nodes = graph.nodes.map((node) => {
    if (!isOpenAi(node)) return node;
    const sent = (node.data.typebotIntegration.apiKey ?? '').trim();
    const own = byNode.get(node.id);
    if (own && sent === maskOf(sealer, own)) return withKey(node, own);
    if (byMask.has(sent)) return withKey(node, byMask.get(sent)!);
    if (!sent || MASK.test(sent)) return withKey(node, '');
    return withKey(node, sealer.seal(sent));
  });
  return { ...graph, nodes };
}

/** The graph as answered: the blocks' keys masked. */
export function maskBlockKeys(graph: FlowGraph, sealer: Sealer): FlowGraph {
  return { ...graph, nodes: graph.nodes.map((node) => (isOpenAi(node) ? withKey(node, maskOf(sealer, node.data.typebotIntegration.apiKey ?? '')) : node)) };
}
