/**
 * The graph's problems shown on the canvas: flowProblems() of @atende/shared run live on every
 * change, plus those the server answered to the last save while the graph is still the one saved.
 */
import { useMemo, useRef } from 'react';
import type { Edge } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { flowProblems, type FlowProblem } from '@atende/shared';
import { toGraph, type EditorNode } from './graph.js';
import { problemText } from './problemText.js';
import type { ListedProblem } from './ProblemsNote.js';

/** What the graph means, without where its blocks are: the server's problems stay valid while it holds. */
export function graphSignature(nodes: EditorNode[], edges: Edge[]): string {
  const graph = toGraph(nodes, edges);
  return JSON.stringify([graph.nodes.map(({ id, type, data }) => [id, type, data]), graph.connections]);
}

export interface ServerProblems {
  signature: string;
  problems: FlowProblem[];
}

export function useProblems(nodes: EditorNode[], edges: Edge[], server: ServerProblems | null) {
  const { t } = useTranslation();
  const signature = useMemo(() => graphSignature(nodes, edges), [nodes, edges]);
  const latest = useRef({ nodes, edges });
  latest.current = { nodes, edges };
  // Keyed by the signature, not the nodes: dragging a block moves it without re-checking (and
  // without re-rendering every block through the editor's context).
  return useMemo(() => {
    const current = latest.current;
    const live = flowProblems(toGraph(current.nodes, current.edges));
    const fromServer = server && server.signature === signature ? server.problems : [];
    const seen = new Set<string>();
    const byNode = new Map<string, string[]>();
    const listed: ListedProblem[] = [];
    const nodeById = new Map(current.nodes.map((node) => [node.id, node]));
    for (const problem of [...live, ...fromServer]) {
      const key = `${problem.code}:${problem.nodeId ?? ''}:${problem.handle ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const node = problem.nodeId ? nodeById.get(problem.nodeId) : undefined;
      const text = problemText(t, problem, node);
      if (problem.nodeId) byNode.set(problem.nodeId, [...(byNode.get(problem.nodeId) ?? []), text]);
      listed.push({ key, nodeId: node ? node.id : null, block: node ? t(`web.flowEditor.blocks.${node.type}`) : t('web.flowEditor.problems.wholeFlow'), text });
    }
    return { byNode, listed };
  }, [signature, server, t]);
}
