/**
 * What the server checks of a flow graph beyond its joi shape before storing it: the graph
 * problems that make a flow unusable, stored media of this company only, queues of this company
 * only, and keys the database may store.
 */
import { stat } from 'node:fs/promises';
import { flowProblems, type FlowGraph, type FlowProblem, type FlowProblemCode } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import { compileUserPattern } from '../../platform/patterns.js';
import { mediaFilePath } from '../../platform/uploads.js';
import { QueueModel, queueNameKey } from '../queues/model.js';

/**
 * The save rule: a graph with no start, two starts, or an edge to or from a block that does not
 * exist cannot be run at all, so it is refused (400 ERR_FLOW_INVALID with every problem found).
 * The other problems (unreachable blocks, unconnected exits, a question without its variable, a
 * loop without a wait) are drafts' normal state: the graph is saved and they come back as
 * `problems` for the editor to show on the canvas; the engine copes with each at run time.
 */
export const REFUSING_PROBLEMS: ReadonlySet<FlowProblemCode> = new Set(['startMissing', 'startDuplicated', 'danglingEdge']);

const MEDIA_TYPES = new Set(['img', 'audio', 'video']);
/** How deep the editor's own data goes (labels, flags, integration settings), with room to spare. */
const DATA_DEPTH_MAX = 12;

export interface MediaReference {
  nodeId: string;
  /** Where in the node: `url`, or `elements.<i>.value` of a content block. */
  field: string;
  name: string;
}

/** The stored file names a graph's blocks show, each with where it is. */
export function mediaNamesOf(graph: FlowGraph): MediaReference[] {
  const found: MediaReference[] = [];
  for (const node of graph.nodes) {
    if ((node.type === 'img' || node.type === 'audio' || node.type === 'video') && node.data.url) {
      found.push({ nodeId: node.id, field: 'url', name: node.data.url });
    }
    if (node.type === 'singleBlock') {
      node.data.elements.forEach((element, index) => {
        if (MEDIA_TYPES.has(element.type) && element.value) found.push({ nodeId: node.id, field: `elements.${index}.value`, name: String(element.value) });
      });
    }
  }
  return found;
}

async function isStoredMedia(companyId: string, name: string): Promise<boolean> {
  try {
    // Refuses anything but a stored name: no path, no '..'.
    return (await stat(mediaFilePath(companyId, name))).isFile();
  } catch {
    return false;
  }
}

/** Keys MongoDB/FerretDB cannot store or would read as operators, and runaway nesting. */
function refuseUnstorableKeys(value: unknown, field: string, depth = 0): void {
  if (typeof value !== 'object' || value === null) return;
  if (depth > DATA_DEPTH_MAX) throw new AppError('ERR_VALIDATION', { field, rule: 'object.depth' }, `payload ${field}: nested too deep`);
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith('$') || key.includes('.') || key.includes('\u0000')) {
      throw new AppError('ERR_VALIDATION', { field: `${field}.${key}`, rule: 'object.key' }, `payload ${field}: key ${JSON.stringify(key)} is not allowed`);
    }
    refuseUnstorableKeys(inner, `${field}.${key}`, depth + 1);
  }
}

/**
 * A regex condition whose pattern the linear-time engine cannot run (a back-reference, a
 * look-around, too costly): 400 ERR_FLOW_PATTERN_INVALID naming the block, at save, import and
 * in the simulator, instead of a condition that silently never holds.
 */
export function refuseUnrunnablePatterns(graph: FlowGraph): void {
  graph.nodes.forEach((node, index) => {
    if (node.type !== 'condition' || node.data.condition !== 'regex') return;
    const compiled = compileUserPattern(node.data.value);
    if (compiled.ok) return;
    throw new AppError(
      'ERR_FLOW_PATTERN_INVALID',
      { nodeId: node.id, field: `nodes.${index}.data.value`, problem: compiled.problem },
      `The pattern of the condition block ${node.id} cannot be used: ${compiled.detail}`,
    );
  });
}

/** The queues blocks name (a ticket block's, an OpenAI block's hand-over) that are not queues of the company. */
async function foreignQueues(companyId: string, graph: FlowGraph): Promise<{ nodeId: string; index: number; field: string }[]> {
  const wanted = graph.nodes.flatMap((node, index) => {
    if (node.type === 'ticket') return [{ nodeId: node.id, index, field: `nodes.${index}.data.queueId`, queueId: node.data.queueId }];
    const handOver = node.type === 'openai' ? node.data.typebotIntegration?.queueId : null;
    return handOver ? [{ nodeId: node.id, index, field: `nodes.${index}.data.typebotIntegration.queueId`, queueId: handOver }] : [];
  });
  if (wanted.length === 0) return [];
  const ids = [...new Set(wanted.map((entry) => entry.queueId))];
  const found = await QueueModel.find({ companyId, _id: { $in: ids } }, { _id: 1 }).lean<{ _id: unknown }[]>();
  const known = new Set(found.map((queue) => String(queue._id)));
  return wanted.filter((entry) => !known.has(entry.queueId));
}

/** Refuses (ERR_NO_QUEUE_FOUND with `nodeId`, `field`) a graph naming a queue of another company. */
export async function refuseForeignQueues(companyId: string, graph: FlowGraph): Promise<void> {
  const [foreign] = await foreignQueues(companyId, graph);
  if (foreign) throw new AppError('ERR_NO_QUEUE_FOUND', { nodeId: foreign.nodeId, field: foreign.field });
}

/**
 * Checks a graph about to be stored; answers the problems that do not refuse it. Throws
 * ERR_FLOW_INVALID (with `problems`), ERR_FLOW_PATTERN_INVALID, ERR_FLOW_MEDIA_INVALID (`nodeId`,
 * `field`) or ERR_NO_QUEUE_FOUND (`nodeId`, `field`).
 */
export async function checkGraph(companyId: string, graph: FlowGraph): Promise<FlowProblem[]> {
  graph.nodes.forEach((node, index) => refuseUnstorableKeys(node, `nodes.${index}`));
  graph.connections.forEach((edge, index) => refuseUnstorableKeys(edge, `connections.${index}`));
  const problems = flowProblems(graph);
  if (problems.some((problem) => REFUSING_PROBLEMS.has(problem.code))) throw new AppError('ERR_FLOW_INVALID', { problems });
  refuseUnrunnablePatterns(graph);
  for (const media of mediaNamesOf(graph)) {
    if (!(await isStoredMedia(companyId, media.name))) throw new AppError('ERR_FLOW_MEDIA_INVALID', { nodeId: media.nodeId, field: media.field });
  }
  await refuseForeignQueues(companyId, graph);
  return problems;
}

/**
 * An imported graph made to fit this company: an export carries media as file names only, so a
 * name this company does not hold is emptied (the editor asks for the file again); a ticket
 * block's queue of elsewhere is found here by its name (the block keeps it), else the import is
 * refused by checkGraph; an OpenAI block's hand-over queue of elsewhere is emptied.
 */
export async function adoptGraph(companyId: string, graph: FlowGraph): Promise<FlowGraph> {
  const adopted = structuredClone(graph);
  for (const media of mediaNamesOf(adopted)) {
    if (await isStoredMedia(companyId, media.name)) continue;
    const node = adopted.nodes.find((candidate) => candidate.id === media.nodeId)!;
    if (node.type === 'singleBlock') node.data.elements[Number(media.field.split('.')[1])]!.value = '';
    else if (node.type === 'img' || node.type === 'audio' || node.type === 'video') node.data.url = '';
  }
  for (const { index } of await foreignQueues(companyId, adopted)) {
    const node = adopted.nodes[index]!;
    // An OpenAI block's hand-over names no queue by name: it hands over to none here.
    if (node.type === 'openai') node.data.typebotIntegration.queueId = '';
    if (node.type !== 'ticket' || !node.data.name) continue;
    const queue = await QueueModel.findOne({ companyId, nameKey: queueNameKey(node.data.name) }, { _id: 1 }).lean<{ _id: unknown }>();
    if (queue) node.data.queueId = String(queue._id);
  }
  return adopted;
}
