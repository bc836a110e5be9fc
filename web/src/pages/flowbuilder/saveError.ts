/**
 * Which block a refused save is about (issue 30: name the offending block): the server names it
 * (`nodeId`: a pattern, a media file, a queue), points at it by its place in the payload (`field`
 * `nodes.3.data...`), or lists it among the graph's problems.
 */
import type { TFunction } from 'i18next';
import type { FlowProblem } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import type { EditorNode } from './graph.js';

export function offendingNode(error: unknown, nodes: EditorNode[]): EditorNode | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { nodeId?: unknown; field?: unknown; problems?: FlowProblem[] };
  const byId = (id: unknown): EditorNode | undefined => (typeof id === 'string' ? nodes.find((node) => node.id === id) : undefined);
  const index = typeof data.field === 'string' ? /^nodes\.(\d+)(\.|$)/.exec(data.field)?.[1] : undefined;
  const named = byId(data.nodeId) ?? (index === undefined ? undefined : nodes.at(Number(index)));
  return named ?? byId(data.problems?.find((problem) => problem.nodeId)?.nodeId) ?? null;
}

/** "Condição 2": the block's kind, and which of that kind it is in the drawing when there are several. */
export function blockName(t: TFunction, node: EditorNode, nodes: EditorNode[]): string {
  const kind = t(`web.flowEditor.blocks.${node.type}`);
  const same = nodes.filter((other) => other.type === node.type);
  return same.length > 1 ? `${kind} ${same.indexOf(node) + 1}` : kind;
}
