/**
 * The editor's graph rules (document 3 sections 3, 4, 9): node ids, where new and duplicated
 * blocks go, the default start block, and the conversion between the canvas and the saved payload.
 * New blocks go where the user is looking (issue 30), not at the end of one growing row.
 */
import type { Edge, Node } from '@xyflow/react';
import {
  FLOW_DUPLICATE_OFFSET,
  FLOW_NODE_ID_LENGTH,
  FLOW_NODE_SPACING,
  FLOW_START_NODE_ID,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type FlowNodeData,
  type FlowNodeType,
} from '@atende/shared';

export type EditorNode = Node<Record<string, unknown>, FlowNodeType>;

/** Section 9: dialog save delay, flow load delay, the editor's toast duration. */
export const DIALOG_SAVE_DELAY_MS = 400;
export const FLOW_LOAD_DELAY_MS = 500;
export const EDITOR_TOAST_MS = 3_000;
/** The size a block is given before the canvas has measured it. */
export const BLOCK_WIDTH = 220;
const BLOCK_HEIGHT = 120;
const FIRST_POSITION = { x: 250, y: 100 };

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 30 random alphanumerics; bytes from 248 (62 x 4) up are drawn again so that every character is as likely. */
export function newNodeId(): string {
  let id = '';
  const limit = 256 - (256 % ALPHANUMERIC.length);
  while (id.length < FLOW_NODE_ID_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(FLOW_NODE_ID_LENGTH))) {
      if (byte < limit && id.length < FLOW_NODE_ID_LENGTH) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return id;
}

export function defaultStartNode(): EditorNode {
  return { id: FLOW_START_NODE_ID, type: 'start', position: { ...FIRST_POSITION }, data: {} };
}

/** Places around the view's centre, nearest first, in cells of a block and its spacing. */
const RINGS = 6;
const PLACES = Array.from({ length: (2 * RINGS + 1) ** 2 }, (_, index) => ({ col: (index % (2 * RINGS + 1)) - RINGS, row: Math.floor(index / (2 * RINGS + 1)) - RINGS })).sort(
  (a, b) => Math.hypot(a.col * (BLOCK_WIDTH + FLOW_NODE_SPACING), a.row * (BLOCK_HEIGHT + FLOW_NODE_SPACING)) - Math.hypot(b.col * (BLOCK_WIDTH + FLOW_NODE_SPACING), b.row * (BLOCK_HEIGHT + FLOW_NODE_SPACING)) || b.row - a.row || b.col - a.col,
);

/**
 * A new block: centred on the point of the canvas in the middle of the view when nothing is
 * there, else in the nearest place around it where it covers no block (with the spacing between
 * them), so that blocks added one after another stay in view and never cover each other.
 */
export function freePosition(nodes: EditorNode[], center: { x: number; y: number }): { x: number; y: number } {
  const origin = { x: Math.round(center.x - BLOCK_WIDTH / 2), y: Math.round(center.y - BLOCK_HEIGHT / 2) };
  const covers = (at: { x: number; y: number }) =>
    nodes.some((node) => {
      const width = node.measured?.width ?? node.width ?? BLOCK_WIDTH;
      const height = node.measured?.height ?? node.height ?? BLOCK_HEIGHT;
      return at.x < node.position.x + width + FLOW_NODE_SPACING && node.position.x < at.x + BLOCK_WIDTH + FLOW_NODE_SPACING && at.y < node.position.y + height + FLOW_NODE_SPACING && node.position.y < at.y + BLOCK_HEIGHT + FLOW_NODE_SPACING;
    });
  for (const { col, row } of PLACES) {
    const at = { x: origin.x + col * (BLOCK_WIDTH + FLOW_NODE_SPACING), y: origin.y + row * (BLOCK_HEIGHT + FLOW_NODE_SPACING) };
    if (!covers(at)) return at;
  }
  return origin;
}

/** A copy: a new id, 240 units right of the rightmost block, at the original's height, unselected. */
export function duplicateOf(node: EditorNode, nodes: EditorNode[]): EditorNode {
  const rightmost = Math.max(...nodes.map((other) => other.position.x));
  return {
    id: newNodeId(),
    type: node.type,
    position: { x: rightmost + FLOW_DUPLICATE_OFFSET, y: node.position.y },
    data: structuredClone(node.data),
    selected: false,
  };
}

/** Adds a block where the view's centre is; a start block replaces any other start block (with its connections). */
export function addBlock(nodes: EditorNode[], edges: Edge[], type: FlowNodeType, data: object, center: { x: number; y: number }): { nodes: EditorNode[]; edges: Edge[] } {
  const node: EditorNode = { id: newNodeId(), type, position: freePosition(nodes, center), data: { ...data } };
  if (type !== 'start') return { nodes: [...nodes, node], edges };
  const replaced = new Set(nodes.filter((other) => other.type === 'start').map((other) => other.id));
  return {
    nodes: [...nodes.filter((other) => !replaced.has(other.id)), node],
    edges: edges.filter((edge) => !replaced.has(edge.source) && !replaced.has(edge.target)),
  };
}

export function removeBlock(nodes: EditorNode[], edges: Edge[], id: string): { nodes: EditorNode[]; edges: Edge[] } {
  return { nodes: nodes.filter((node) => node.id !== id), edges: edges.filter((edge) => edge.source !== id && edge.target !== id) };
}

/** The payload saved (section 3): only what the graph means, none of the canvas' state. */
export function toGraph(nodes: EditorNode[], edges: Edge[]): FlowGraph {
  return {
    nodes: nodes.map((node) => ({ id: node.id, type: node.type, position: { x: node.position.x, y: node.position.y }, data: node.data }) as FlowNode),
    connections: edges.map(
      (edge): FlowEdge => ({ id: edge.id, source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle ?? null, targetHandle: edge.targetHandle ?? null }),
    ),
  };
}

export function fromGraph(graph: FlowGraph): { nodes: EditorNode[]; edges: Edge[] } {
  return {
    nodes: graph.nodes.map((node) => ({ id: node.id, type: node.type, position: node.position, data: node.data as Record<string, unknown> })),
    edges: graph.connections.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      targetHandle: edge.targetHandle ?? null,
    })),
  };
}

/** A node's data as its type's (the canvas keeps it untyped). */
export function dataOf<T extends FlowNodeType>(node: { data: unknown }, _type: T): FlowNodeData[T] {
  return node.data as FlowNodeData[T];
}
