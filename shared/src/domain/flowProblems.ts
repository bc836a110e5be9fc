/**
 * Checks of a flow graph before it is saved (issue 15, "beyond the anchors"): shown on the canvas
 * by the editor and answered by the server, one function for both.
 */
import { FLOW_HANDLE_DEFAULT, FLOW_CONDITION_HANDLES, FLOW_RANDOMIZER_HANDLES, menuHandle, type FlowGraph, type FlowNode } from './flows.js';

export const FLOW_PROBLEM_CODES = [
  /** No start block, or more than one. */
  'startMissing',
  'startDuplicated',
  /** A block no path from the start reaches. */
  'unreachable',
  /** A menu option, condition branch or randomizer branch with no edge out. */
  'exitUnconnected',
  /** A question without the variable its answer is saved in. */
  'questionWithoutKey',
  /** A loop the flow could go round for ever without waiting for the customer or an interval. */
  'cycleWithoutWait',
  /**
   * A loop whose only waits are intervals: it writes to a silent customer until the run's budget
   * (FLOW_RUN_BLOCKS_MAX, FLOW_RUN_MESSAGES_MAX) ends it. Flagged on its interval block.
   */
  'cycleWithoutAnswer',
  /** An edge to or from a block that does not exist. */
  'danglingEdge',
] as const;
export type FlowProblemCode = (typeof FLOW_PROBLEM_CODES)[number];

export interface FlowProblem {
  code: FlowProblemCode;
  /** The block concerned (null for the graph as a whole). */
  nodeId: string | null;
  /** The handle concerned (exitUnconnected): `a2` for the menu's option 2, 'true' / 'false', 'a' / 'b'. */
  handle?: string;
}

/** Blocks that stop the run until the customer answers or time passes. */
const WAITING_TYPES = new Set<FlowNode['type']>(['menu', 'question', 'interval', 'typebot', 'openai']);
/** Blocks that stop the run until the customer answers (or hand the conversation on). */
const ANSWER_TYPES = new Set<FlowNode['type']>(['menu', 'question', 'typebot', 'openai']);

/** The strongly connected parts of the graph that hold a loop, leaving out the blocks given (Tarjan). */
function loopsWithout(nodes: FlowNode[], next: Map<string, string[]>, left: Set<FlowNode['type']>): string[][] {
  const kept = new Set(nodes.filter((node) => !left.has(node.type)).map((node) => node.id));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const connect = (id: string): void => {
    index.set(id, index.size);
    low.set(id, index.get(id)!);
    stack.push(id);
    onStack.add(id);
    for (const target of next.get(id) ?? []) {
      if (!kept.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(id, Math.min(low.get(id)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(id, Math.min(low.get(id)!, index.get(target)!));
    }
    if (low.get(id) !== index.get(id)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== id);
    if (part.length > 1 || (next.get(id) ?? []).includes(id)) loops.push(part);
  };
  for (const id of kept) if (!index.has(id)) connect(id);
  return loops;
}

/** The exits a block must have connected, by handle. */
function requiredExits(node: FlowNode): string[] {
  switch (node.type) {
    case 'menu':
      return node.data.arrayOption.map((option) => menuHandle(option.number));
    case 'condition':
      return [FLOW_CONDITION_HANDLES.yes, FLOW_CONDITION_HANDLES.no];
    case 'randomizer': {
      const exits: string[] = [];
      if (node.data.percent > 0) exits.push(FLOW_RANDOMIZER_HANDLES.percent);
      if (node.data.percent < 100) exits.push(FLOW_RANDOMIZER_HANDLES.rest);
      return exits;
    }
    default:
      return [];
  }
}

/** The handle an edge leaves by; one-exit blocks' edges may carry none. */
export function edgeHandle(edge: { sourceHandle?: string | null }): string {
  return edge.sourceHandle || FLOW_HANDLE_DEFAULT;
}

export function flowProblems(graph: FlowGraph): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const starts = graph.nodes.filter((node) => node.type === 'start');
  if (starts.length === 0) problems.push({ code: 'startMissing', nodeId: null });
  for (const extra of starts.slice(1)) problems.push({ code: 'startDuplicated', nodeId: extra.id });

  const next = new Map<string, string[]>();
  const exitsTaken = new Map<string, Set<string>>();
  for (const edge of graph.connections) {
    if (!byId.has(edge.source) || !byId.has(edge.target)) {
      problems.push({ code: 'danglingEdge', nodeId: byId.has(edge.source) ? edge.source : byId.has(edge.target) ? edge.target : null });
      continue;
    }
    next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
    exitsTaken.set(edge.source, (exitsTaken.get(edge.source) ?? new Set()).add(edgeHandle(edge)));
  }

  const reached = new Set<string>();
  const pending = starts.slice(0, 1).map((node) => node.id);
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(next.get(id) ?? []));
  }

  for (const node of graph.nodes) {
    if (starts.length > 0 && !reached.has(node.id)) problems.push({ code: 'unreachable', nodeId: node.id });
    const taken = exitsTaken.get(node.id) ?? new Set<string>();
    for (const handle of requiredExits(node)) {
      if (!taken.has(handle)) problems.push({ code: 'exitUnconnected', nodeId: node.id, handle });
    }
    if (node.type === 'question' && !node.data.typebotIntegration.answerKey.trim()) {
      problems.push({ code: 'questionWithoutKey', nodeId: node.id });
    }
  }

  // A cycle through blocks that never wait: search the graph without the waiting blocks.
  const state = new Map<string, 'open' | 'done'>();
  const flagged = new Set<string>();
  const visit = (id: string): void => {
    state.set(id, 'open');
    for (const target of next.get(id) ?? []) {
      if (WAITING_TYPES.has(byId.get(target)!.type)) continue;
      const seen = state.get(target);
      if (seen === 'open' && !flagged.has(target)) {
        flagged.add(target);
        problems.push({ code: 'cycleWithoutWait', nodeId: target });
      } else if (seen === undefined) visit(target);
    }
    state.set(id, 'done');
  };
  for (const node of graph.nodes) {
    if (!WAITING_TYPES.has(node.type) && !state.has(node.id)) visit(node.id);
  }
  // Loops that wait only on intervals (one without any wait is flagged above already).
  for (const loop of loopsWithout(graph.nodes, next, ANSWER_TYPES)) {
    if (loop.some((id) => flagged.has(id))) continue;
    const interval = graph.nodes.find((node) => node.type === 'interval' && loop.includes(node.id));
    if (interval) problems.push({ code: 'cycleWithoutAnswer', nodeId: interval.id });
  }
  return problems;
}
