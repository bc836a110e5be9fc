import type { Types } from 'mongoose';
import type { FlowGraph, TicketFlowRun } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface FlowAnswer {
  key: string;
  value: string;
}

/** The run's answers by answerKey ({{answerKey}} in texts, a condition's key). */
export function variablesOf(run: Pick<FlowRunDoc, 'answers'>): Record<string, string> {
  return Object.fromEntries((run.answers ?? []).map((answer) => [answer.key, answer.value]));
}

/** The answers with this key's answer set (replacing an earlier one). */
export function withAnswer(answers: FlowAnswer[], key: string, value: string): FlowAnswer[] {
  return [...answers.filter((answer) => answer.key !== key), { key, value }];
}

/**
 * The state of one flow running in a conversation: a ticket's (kind 'ticket') or the editor's
 * simulator (kind 'simulation', tied to its author). The document lives while the run does: it is
 * deleted when the run ends, so a restart continues every run found here.
 */
export interface FlowRunDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  kind: 'ticket' | 'simulation';
  /** One run per ticket ('t:<ticketId>') or per simulation ('s:<runId>'): unique in the company. */
  runKey: string;
  ticketId: Types.ObjectId | null;
  /** The simulator's author (null for a ticket's run). */
  userId: Types.ObjectId | null;
  flowId: Types.ObjectId;
  flowName: string;
  /** The simulator runs the graph being edited, kept here; a ticket's run reads the saved flow. */
  graph: FlowGraph | null;
  nodeId: string;
  waiting: TicketFlowRun['waiting'];
  /** A content block (singleBlock) waiting in the middle of its elements: the next one to run. */
  elementIndex: number;
  /** Question answers, one entry per answerKey (a list: keys may hold '.' or '$', which document keys may not). */
  answers: FlowAnswer[];
  menuRetries: number;
  /** Blocks run and messages sent since the customer last wrote (FLOW_RUN_BLOCKS_MAX, FLOW_RUN_MESSAGES_MAX). */
  blocksSinceAnswer: number;
  messagesSinceAnswer: number;
  /** The customer's last message (a condition's key ''). */
  lastAnswer: string;
  /** The version the current interval wait was stored at: its resume job names it (messages meanwhile bump `version`, not this). */
  waitVersion: number;
  /** Bumped by every write: an advance computed from an older state is refused (two messages, two nodes, a double job fire). */
  version: number;
  startedAt: Date;
  lastActivityAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export const FlowRunModel = tenantModel<FlowRunDoc>(
  'FlowRun',
  {
    kind: { type: String, enum: ['ticket', 'simulation'], required: true },
    runKey: { type: String, required: true },
    ticketId: { type: ObjectId, ref: 'Ticket', default: null },
    userId: { type: ObjectId, ref: 'User', default: null },
    flowId: { type: ObjectId, ref: 'Flow', required: true },
    flowName: { type: String, default: '' },
    graph: { type: Object, default: null },
    nodeId: { type: String, required: true },
    waiting: { type: String, enum: ['answer', 'menu', 'interval', null], default: null },
    elementIndex: { type: Number, default: 0 },
    answers: { type: [{ _id: false, key: String, value: String }], default: [] },
    menuRetries: { type: Number, default: 0 },
    blocksSinceAnswer: { type: Number, default: 0 },
    messagesSinceAnswer: { type: Number, default: 0 },
    lastAnswer: { type: String, default: '' },
    waitVersion: { type: Number, default: -1 },
    version: { type: Number, default: 0 },
    startedAt: { type: Date, required: true },
    lastActivityAt: { type: Date, required: true },
  },
  (schema) => {
    schema.set('minimize', false);
    // A ticket's run is looked up by its ticket on every customer message of a ticket with a run;
    // simulations by kind for the idle sweep.
    schema.index({ companyId: 1, runKey: 1 }, { unique: true });
    schema.index({ companyId: 1, ticketId: 1 });
    schema.index({ kind: 1 });
    engineKeys(schema, ['ticketId', 'runKey']);
  },
);
