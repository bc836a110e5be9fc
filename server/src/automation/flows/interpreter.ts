/**
 * The flow interpreter: walks a stored graph from where a run stands, one advance per event (the
 * start, a customer's message, an interval's end), until the run waits (question, menu, interval)
 * or ends. What it says and where it goes is done through a port: a ticket's conversation
 * (ticketPort.ts) or the editor's simulator (simulatorPort.ts), so both run the same code.
 *
 * Exactly-once advances: an advance first claims the run (its version bumped from the one it
 * read); a second advance computed from the same state (two messages, two nodes) finds another
 * version and does nothing. MongoDB makes that check atomic across nodes; on the embedded FerretDB
 * (one node) the run's writes are queued in the process as every document write is (serial.ts). An interval's job names the wait it ends (waitVersion): fired twice,
 * or after the run moved on, it finds nothing to do. The state is written at each wait and the run
 * deleted at its end, so a restart continues each run from its last wait.
 */
import {
  asksForHuman,
  edgeHandle,
  FLOW_CONDITION_HANDLES,
  FLOW_HANDLE_DEFAULT,
  FLOW_INTERVAL_MAX_S,
  FLOW_MENU_RETRIES,
  FLOW_RANDOMIZER_HANDLES,
  FLOW_RUN_BLOCKS_MAX,
  FLOW_RUN_MESSAGES_MAX,
  humanPhrasesOf,
  menuHandle,
  type FlowContentElement,
  type FlowGraph,
  type FlowNode,
  type FlowQueueIntegration,
  type FlowOpenAiSettings,
  type FlowRunEndReason,
  type TicketFlowRun,
} from '@atende/shared';
import type { i18n } from 'i18next';
import { documentWrites, updateDocument } from '../../platform/database/serial.js';
import type { Logger } from '../../platform/logger.js';
import { chosenOption, conditionHolds, menuText, renderAnswers } from './conditions.js';
import { FlowRunModel, variablesOf, withAnswer, type FlowRunDoc } from './runModel.js';

/** The run spent what it may do without the customer writing (FLOW_RUN_BLOCKS_MAX, FLOW_RUN_MESSAGES_MAX). */
class BudgetSpent extends Error {}

/** Lets other requests in between two blocks: a run never holds the event loop for a whole walk. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type FlowMediaBlock = 'img' | 'audio' | 'video';

export interface FlowPort {
  /** The graph the run follows (null: the flow is gone). */
  graph(run: FlowRunDoc): Promise<FlowGraph | null>;
  /** Sends a text (the flow's answers already in; the port renders the message variables). */
  say(text: string): Promise<void>;
  media(kind: FlowMediaBlock, fileName: string): Promise<void>;
  /** The ticket block: the conversation goes to the queue; false when that queue is gone. */
  transfer(queueId: string): Promise<boolean>;
  /** The typebot block: the conversation goes to that Typebot once the run ended; false when it cannot (no URL or slug). */
  typebot(settings: FlowQueueIntegration): Promise<boolean>;
  /** The OpenAI block (its wait stored): the model answers the customer's last message (automation/ai). */
  ai(run: FlowRunDoc, settings: FlowOpenAiSettings): Promise<void>;
  /** The OpenAI block without an exit heard the phrase for a human: the agents take over (in the block's queue, if any). */
  handOver(queueId: string | null): Promise<void>;
  /** A block is being run (the simulator shows it). */
  visit(run: FlowRunDoc, nodeId: string): Promise<void>;
  /** The run waits (its new state is stored). */
  waits(run: FlowRunDoc): Promise<void>;
  /** The run ended (its document is gone). */
  ended(run: FlowRunDoc, reason: FlowRunEndReason, detail?: string): Promise<void>;
}

/** `resume` names the wait it ends (the run's waitVersion when it was scheduled). */
export type FlowInput = { kind: 'start' } | { kind: 'message'; body: string } | { kind: 'resume'; version: number };

/** An Agenda job resumes a run waiting on an interval; the wait's version makes a second fire a no-op. */
export interface ResumeScheduler {
  (run: FlowRunDoc, at: Date, version: number): Promise<void>;
}

type Cursor = { nodeId: string; elementIndex: number } | null;

/** A wait; `answer`: the OpenAI block's model answers once the wait is stored. */
type Outcome = { wait: { node: FlowNode; waiting: NonNullable<TicketFlowRun['waiting']>; elementIndex?: number; seconds?: number; menuRetries?: number; answer?: boolean } } | { end: FlowRunEndReason; detail?: string };

/** An extra of the OpenAI block (not in the spec's fields): its own phrases for a human. */
function humanPhrasesOfBlock(settings: FlowOpenAiSettings): string[] {
  return humanPhrasesOf((settings as FlowOpenAiSettings & { humanPhrase?: string }).humanPhrase);
}

/** Where a block's exit leads (null: no edge leaves by that handle). */
function exitOf(graph: FlowGraph, nodeId: string, handle: string = FLOW_HANDLE_DEFAULT): Cursor {
  const edge = graph.connections.find((candidate) => candidate.source === nodeId && edgeHandle(candidate) === handle);
  return edge ? { nodeId: edge.target, elementIndex: 0 } : null;
}

/** A content block's elements in `seq` order (elements `seq` does not name follow in their own order). */
function orderedElements(elements: FlowContentElement[], seq: string[]): FlowContentElement[] {
  const rank = new Map(seq.map((name, index) => [name, index]));
  return [...elements].sort((a, b) => (rank.get(a.number) ?? seq.length) - (rank.get(b.number) ?? seq.length));
}

export function createInterpreter(deps: { logger: Logger; texts: i18n; scheduleResume: ResumeScheduler }) {
  const { logger, texts, scheduleResume } = deps;

  /**
   * Takes the run for this advance; null when another advance took it first. The conditional
   * writes of one run go one after another (FerretDB applies concurrent updates of a document
   * without isolation: see platform/database/serial.ts).
   */
  function claim(run: FlowRunDoc): Promise<FlowRunDoc | null> {
    return updateDocument(FlowRunModel, run.companyId, run._id, { $inc: { version: 1 }, $set: { lastActivityAt: new Date() } }, { version: run.version });
  }

  /** Writes the state of a claimed run; null when it was stopped meanwhile. */
  function store(run: FlowRunDoc, set: Partial<FlowRunDoc>): Promise<FlowRunDoc | null> {
    return updateDocument(FlowRunModel, run.companyId, run._id, { $set: { ...set, lastActivityAt: new Date() }, $inc: { version: 1 } }, { version: run.version });
  }

  async function end(run: FlowRunDoc, port: FlowPort, reason: FlowRunEndReason, detail?: string): Promise<void> {
    const removed = await documentWrites.run(`${FlowRunModel.modelName}:${String(run._id)}`, () => FlowRunModel.deleteOne({ companyId: run.companyId, _id: run._id, version: run.version }));
    if (removed.deletedCount === 0) return;
    if (reason === 'failed') logger.error({ companyId: String(run.companyId), runId: String(run._id), flowId: String(run.flowId), detail }, 'flow run failed');
    if (reason === 'loopLimit') logger.warn({ companyId: String(run.companyId), runId: String(run._id), flowId: String(run.flowId), nodeId: run.nodeId, detail }, 'flow run stopped: a loop');
    await port.ended(run, reason, detail);
  }

  /**
   * Runs blocks from the cursor until a wait or the end; a run that spends its budget without the
   * customer writing (a loop, with intervals or without) ends 'loopLimit' at the block it reached.
   */
  async function walk(graph: FlowGraph, run: FlowRunDoc, port: FlowPort, start: Cursor): Promise<Outcome> {
    try {
      return await walkBlocks(graph, run, port, start);
    } catch (err) {
      if (!(err instanceof BudgetSpent)) throw err;
      return { end: 'loopLimit', detail: err.message };
    }
  }

  async function walkBlocks(graph: FlowGraph, run: FlowRunDoc, port: FlowPort, start: Cursor): Promise<Outcome> {
    const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
    const next = (node: FlowNode, handle?: string) => exitOf(graph, node.id, handle);
    const spend = (messages: number) => {
      if (run.messagesSinceAnswer + messages > FLOW_RUN_MESSAGES_MAX) throw new BudgetSpent(`${FLOW_RUN_MESSAGES_MAX} messages without an answer from the customer`);
      run.messagesSinceAnswer += messages;
    };
    const say = async (text: string) => {
      const rendered = renderAnswers(text, variablesOf(run));
      if (!rendered.trim()) return;
      spend(1);
      await port.say(rendered);
    };
    const media = async (kind: FlowMediaBlock, fileName: string) => {
      spend(1);
      await port.media(kind, fileName);
    };
    let cursor = start;
    while (cursor) {
      await nextTurn();
      run.nodeId = cursor.nodeId;
      if (run.blocksSinceAnswer >= FLOW_RUN_BLOCKS_MAX) throw new BudgetSpent(`${FLOW_RUN_BLOCKS_MAX} blocks without an answer from the customer`);
      run.blocksSinceAnswer += 1;
      const node = nodes.get(cursor.nodeId);
      if (!node) return { end: 'failed', detail: `block ${cursor.nodeId} is gone` };
      await port.visit(run, node.id);
      switch (node.type) {
        case 'start':
          cursor = next(node);
          break;
        case 'message':
          await say(node.data.label);
          cursor = next(node);
          break;
        case 'img':
        case 'audio':
        case 'video':
          await media(node.type, node.data.url);
          cursor = next(node);
          break;
        case 'interval':
          return { wait: { node, waiting: 'interval', seconds: node.data.sec } };
        case 'condition': {
          const { key, condition, value } = node.data;
          const subject = key ? (variablesOf(run)[key] ?? '') : run.lastAnswer;
          cursor = next(node, conditionHolds(condition, subject, value) ? FLOW_CONDITION_HANDLES.yes : FLOW_CONDITION_HANDLES.no);
          break;
        }
        case 'menu':
          await say(menuText(node.data.message, node.data.arrayOption));
          return { wait: { node, waiting: 'menu' } };
        case 'randomizer':
          cursor = next(node, Math.random() * 100 < node.data.percent ? FLOW_RANDOMIZER_HANDLES.percent : FLOW_RANDOMIZER_HANDLES.rest);
          break;
        case 'singleBlock': {
          const elements = orderedElements(node.data.elements, node.data.seq);
          for (let index = cursor.elementIndex; index < elements.length; index++) {
            const element = elements[index]!;
            if (element.type === 'message') await say(String(element.value));
            else if (element.type === 'interval') {
              const seconds = Math.min(Number(element.value), FLOW_INTERVAL_MAX_S);
              if (seconds > 0) return { wait: { node, waiting: 'interval', elementIndex: index + 1, seconds } };
            } else await media(element.type, String(element.value));
          }
          cursor = next(node);
          break;
        }
        case 'question':
          await say(node.data.typebotIntegration.message);
          return { wait: { node, waiting: 'answer' } };
        case 'ticket':
          if (!(await port.transfer(node.data.queueId))) return { end: 'failed', detail: `queue ${node.data.queueId} of the ticket block is gone` };
          return { end: 'transferred' };
        case 'typebot':
          if (!(await port.typebot(node.data.typebotIntegration))) return { end: 'failed', detail: `the typebot block ${node.id} has no URL or slug` };
          return { end: 'finished', detail: 'typebot' };
        case 'openai':
          // The conversation is the model's until the customer asks for a human (see entry).
          return { wait: { node, waiting: 'ai', answer: true } };
      }
    }
    return { end: 'finished' };
  }

  /** Where an event takes a claimed run: a cursor to walk from, or an outcome already. */
  async function entry(graph: FlowGraph, run: FlowRunDoc, port: FlowPort, input: FlowInput): Promise<{ cursor: Cursor } | { outcome: Outcome | null }> {
    const node = graph.nodes.find((candidate) => candidate.id === run.nodeId);
    const after = (from: FlowNode, handle?: string) => exitOf(graph, from.id, handle);
    if (input.kind === 'start') {
      const start = graph.nodes.find((candidate) => candidate.type === 'start');
      return start ? { cursor: { nodeId: start.id, elementIndex: 0 } } : { outcome: { end: 'failed', detail: 'the flow has no start block' } };
    }
    if (!node) return { outcome: { end: 'failed', detail: `block ${run.nodeId} is gone` } };
    if (input.kind === 'resume') {
      if (node.type === 'singleBlock') return { cursor: { nodeId: node.id, elementIndex: run.elementIndex } };
      return { cursor: after(node) };
    }
    if (run.waiting === 'answer' && node.type === 'question') {
      const key = node.data.typebotIntegration.answerKey.trim();
      if (key) run.answers = withAnswer(run.answers, key, input.body);
      return { cursor: after(node) };
    }
    if (run.waiting === 'menu' && node.type === 'menu') {
      const option = chosenOption(node.data.arrayOption, input.body);
      if (option) return { cursor: after(node, menuHandle(option.number)) };
      run.menuRetries += 1;
      if (run.menuRetries >= FLOW_MENU_RETRIES) return { outcome: { end: 'menuRetries' } };
      await port.say(renderAnswers(`${texts.t('inbox.invalidOption')}\n\n${menuText(node.data.message, node.data.arrayOption)}`, variablesOf(run)));
      return { outcome: { wait: { node, waiting: 'menu', menuRetries: run.menuRetries } } };
    }
    if (run.waiting === 'ai' && node.type === 'openai') {
      const settings = node.data.typebotIntegration;
      if (!asksForHuman(input.body, humanPhrasesOfBlock(settings))) return { outcome: { wait: { node, waiting: 'ai', answer: true } } };
      // The phrase for a human: the flow goes on by the block's exit, or the agents take over.
      const exit = after(node);
      if (exit) return { cursor: exit };
      await port.handOver(settings.queueId || null);
      return { outcome: { end: 'transferred' } };
    }
    // Waiting on an interval: the message is kept as the last answer, the run goes on at the interval's end.
    if (run.waiting === 'interval') return { outcome: null };
    return { outcome: { end: 'failed', detail: `block ${node.id} was changed and no longer waits for this answer` } };
  }

  /** Advances a run by one event. Answers false when the event was stale (the run moved on or ended). */
  async function advance(current: FlowRunDoc, port: FlowPort, input: FlowInput): Promise<boolean> {
    if (input.kind === 'resume' && (current.waiting !== 'interval' || current.waitVersion !== input.version)) return false;
    const claimed = await claim(current);
    if (!claimed) return false;
    const run: FlowRunDoc = { ...claimed, answers: [...(claimed.answers ?? [])], blocksSinceAnswer: claimed.blocksSinceAnswer ?? 0, messagesSinceAnswer: claimed.messagesSinceAnswer ?? 0 };
    if (input.kind === 'message') {
      run.lastAnswer = input.body;
      // The customer is there: the run's budget starts afresh.
      run.blocksSinceAnswer = 0;
      run.messagesSinceAnswer = 0;
    }
    const graph = await port.graph(run);
    if (!graph) {
      await end(run, port, 'failed', 'the flow is gone');
      return true;
    }
    const from = await entry(graph, run, port, input);
    const outcome = 'cursor' in from ? await walk(graph, run, port, from.cursor) : from.outcome;
    const budget = { blocksSinceAnswer: run.blocksSinceAnswer, messagesSinceAnswer: run.messagesSinceAnswer };
    if (!outcome) {
      await store(run, { lastAnswer: run.lastAnswer, ...budget });
      return true;
    }
    if ('end' in outcome) {
      await end(run, port, outcome.end, outcome.detail);
      return true;
    }
    // A new wait starts its menu's count afresh; a menu asked again keeps it.
    const { node, waiting, elementIndex = 0, seconds, menuRetries = 0, answer } = outcome.wait;
    // The job first, for the version the wait is stored at: a crash between the two leaves a job that finds nothing to do.
    if (seconds) await scheduleResume(run, new Date(Date.now() + seconds * 1000), run.version + 1);
    const stored = await store(run, { nodeId: node.id, waiting, elementIndex, answers: run.answers, lastAnswer: run.lastAnswer, menuRetries, waitVersion: run.version + 1, ...budget });
    if (stored) await port.waits(stored);
    // After the wait is stored: the answer goes only while the run still waits there.
    if (stored && answer && node.type === 'openai') await port.ai(stored, node.data.typebotIntegration);
    return true;
  }

  return { advance };
}

export type FlowInterpreter = ReturnType<typeof createInterpreter>;
