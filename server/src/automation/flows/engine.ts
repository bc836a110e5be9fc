/**
 * The flow engine: one more consumer of the inbound pipeline, and the editor's simulator.
 *
 * Which flow takes a customer's message (inbound.ts calls `customerMessage` before the queue chatbot):
 * 1. a ticket an agent holds (open with a user) is never the flow's: a run left there ends 'accepted';
 * 2. a live message equal to an active phrase campaign's phrase on that connection starts the
 *    campaign's flow (a running flow is replaced by it);
 * 3. a ticket with a running flow gives it the message (a replayed one is taken but does not
 *    advance it: it was written before what the flow last asked);
 * 4. a new ticket (live or replayed: the customer never had an answer, as for the greeting)
 *    starts its connection's default flow (whatsapp.flowId).
 * Inactive flows and flows never saved do not start. While a flow runs in a ticket, the queue
 * chatbot and the greeting do not speak: the message is the flow's (the ticket's `chatbot` is off).
 *
 * The OpenAI block hands the conversation to the model (automation/ai, with the block's prompt,
 * key and limits): reaching it, the model answers the customer's last message, and the run waits
 * there ('ai'); every later message is the model's to answer, until the customer writes the phrase
 * for a human (the block's `humanPhrase`, else the defaults). Then the flow goes on by the block's
 * exit when it has one; without one the run ends and the agents take over (the ticket flagged
 * handed over, moved to the block's queue when it names one and the ticket has none). An agent
 * accepting the ticket ends the run as for any block.
 *
 * Advances of one run are serialised here (keyed by the run) on top of the interpreter's version
 * check, which also holds across nodes.
 */
import { createI18n, FLOW_START_NODE_ID, type FlowGraph, type FlowQueueIntegration, type FlowRunEndReason, type FlowSimulatorMessage, type Ticket } from '@atende/shared';
import { Types } from 'mongoose';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import type { Config } from '../../platform/config.js';
import { keyedSerial } from '../../platform/database/serial.js';
import { AppError, toAppError } from '../../platform/errors.js';
import type { JobRunner } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { FlowModel, type FlowDoc } from '../../domains/flows/model.js';
import { refuseForeignQueues } from '../../domains/flows/graph.js';
import type { MessageService } from '../../domains/messages/service.js';
import { ticketForActor } from '../../domains/tickets/access.js';
import type { TicketDoc } from '../../domains/tickets/model.js';
import { ticketView } from '../../domains/tickets/view.js';
import { userNames } from '../../domains/users/cache.js';
import type { AiRunner } from '../ai/runner.js';
import { createInterpreter, type FlowInput, type FlowPort } from './interpreter.js';
import { findPhraseCampaign } from '../../domains/flows/campaigns.js';
import { refuseUnrunnablePatterns } from '../../domains/flows/graph.js';
import { FlowRunModel, type FlowRunDoc } from './runModel.js';
import { publishSimulation, registerSimulatorVisibility, simulatorMessage, simulatorPort } from './simulatorPort.js';
import { ticketFlowRunOf, ticketPort, writeTicket } from './ticketPort.js';

export const FLOW_RESUME_JOB = 'flowResume';
export const FLOW_SIMULATION_SWEEP_JOB = 'flowSimulationSweep';
/** A simulation nobody touched for an hour is dropped. */
export const FLOW_SIMULATION_IDLE_MS = 3_600_000;
const SIMULATION_SWEEP_EVERY_MS = 5 * 60_000;

interface ResumeData {
  companyId: string;
  runId: string;
  version: number;
}

export interface CustomerMessage {
  body: string;
  replayed: boolean;
}

export interface SimulationStart {
  flowId: string;
  nodes: FlowGraph['nodes'];
  connections: FlowGraph['connections'];
}

function hasStart(graph: FlowGraph | null): graph is FlowGraph {
  return Boolean(graph?.nodes.some((node) => node.type === 'start'));
}

function isDuplicate(err: unknown): boolean {
  return toAppError(err).code === 'ERR_DUPLICATED' || (err as { code?: number }).code === 11000;
}

/** The flow's typebot block hands the conversation to the typebot runner (automation/integrations) once the run ended. */
export type TypebotHandOff = (companyId: string, ticketId: string, settings: FlowQueueIntegration) => void;

export function createFlowEngine(deps: { realtime: RealtimePublisher; logger: Logger; config: Config; jobs: JobRunner; messages: MessageService; typebot?: TypebotHandOff; ai?: AiRunner }) {
  const { realtime, logger, config, jobs } = deps;
  const texts = createI18n(config.language);
  const runs = keyedSerial();
  const interpreter = createInterpreter({
    logger,
    texts,
    scheduleResume: (run, at, version) => jobs.schedule<ResumeData>(at, FLOW_RESUME_JOB, { companyId: String(run.companyId), runId: String(run._id), version }),
  });
  registerSimulatorVisibility();

  async function portOf(run: FlowRunDoc): Promise<FlowPort> {
    if (run.kind === 'ticket') return ticketPort(deps, String(run.companyId), String(run.ticketId));
    const name = (await userNames.get(String(run.companyId))).get(String(run.userId)) ?? '';
    return simulatorPort({ realtime, config, texts }, run, name);
  }

  /** Advances the run as it is stored now, after the advances of that run already queued. */
  function advance(runKey: string, companyId: string, input: FlowInput): Promise<void> {
    return runs.run(runKey, async () => {
      const run = await FlowRunModel.findOne({ companyId, runKey }).lean<FlowRunDoc>();
      if (run) await interpreter.advance(run, await portOf(run), input);
    });
  }

  jobs.define<ResumeData>(FLOW_RESUME_JOB, async ({ companyId, runId, version }) => {
    const run = await FlowRunModel.findOne({ companyId, _id: runId }, { runKey: 1 }).lean<Pick<FlowRunDoc, 'runKey'>>();
    if (run) await advance(run.runKey, companyId, { kind: 'resume', version });
  });

  jobs.define(FLOW_SIMULATION_SWEEP_JOB, async () => {
    const idleSince = new Date(Date.now() - FLOW_SIMULATION_IDLE_MS);
    const simulations = await FlowRunModel.find({ kind: 'simulation' }, { companyId: 1, userId: 1, lastActivityAt: 1 }).setOptions({ crossTenant: true }).lean<FlowRunDoc[]>();
    for (const run of simulations.filter((candidate) => candidate.lastActivityAt < idleSince)) {
      const removed = await FlowRunModel.deleteOne({ companyId: run.companyId, _id: run._id, lastActivityAt: run.lastActivityAt });
      if (removed.deletedCount > 0) publishSimulation(realtime, run, { action: 'end', simulationId: String(run._id), reason: 'stopped', detail: 'idle' });
    }
  });

  /** An active, saved flow of the company with a start block; null otherwise. */
  async function startableFlow(companyId: string, flowId: Types.ObjectId | string): Promise<FlowDoc | null> {
    const flow = await FlowModel.findOne({ companyId, _id: flowId }).lean<FlowDoc>();
    return flow?.active && hasStart(flow.flow) ? flow : null;
  }

  /** Starts the flow on the ticket, replacing a run there. */
  function startOnTicket(ticket: TicketDoc, flow: FlowDoc & { flow: FlowGraph }, body: string): Promise<void> {
    const companyId = String(ticket.companyId);
    const runKey = `t:${String(ticket._id)}`;
    return runs.run(runKey, async () => {
      await FlowRunModel.deleteMany({ companyId, ticketId: ticket._id });
      const now = new Date();
      const startId = flow.flow.nodes.find((node) => node.type === 'start')?.id ?? FLOW_START_NODE_ID;
      let run: FlowRunDoc;
      try {
        const created = await FlowRunModel.create({ companyId, kind: 'ticket', runKey, ticketId: ticket._id, flowId: flow._id, flowName: flow.name, nodeId: startId, lastAnswer: body, startedAt: now, lastActivityAt: now });
        run = created.toObject() as FlowRunDoc;
      } catch (err) {
        // Another node started a run on this ticket at the same moment: that one goes on.
        if (isDuplicate(err)) return;
        throw err;
      }
      await writeTicket(realtime, companyId, ticket._id, { flowRun: ticketFlowRunOf(run), flowEnd: null, chatbot: false, queueOptionId: null });
      await interpreter.advance(run, await portOf(run), { kind: 'start' });
    });
  }

  /** Ends a ticket's run from outside the flow (the stop button, an agent taking the ticket). */
  function endTicketRun(companyId: string, ticketId: Types.ObjectId | string, reason: FlowRunEndReason): Promise<boolean> {
    return runs.run(`t:${String(ticketId)}`, async () => {
      const removed = await FlowRunModel.deleteMany({ companyId, ticketId });
      if (removed.deletedCount > 0) logger.info({ companyId, ticketId: String(ticketId), reason }, 'flow run ended');
      return removed.deletedCount > 0;
    });
  }

  async function ownSimulation(actor: AuthCredentials, simulationId: string): Promise<FlowRunDoc> {
    const run = await FlowRunModel.findOne({ companyId: actor.companyId, runKey: `s:${simulationId}` }).lean<FlowRunDoc>();
    if (!run || String(run.userId) !== actor.userId) throw new AppError('ERR_NO_FLOW_SIMULATION_FOUND');
    return run;
  }

  return {
    /** A customer's message stored on a ticket (see the header); true when the flow took it. */
    async customerMessage(ticket: TicketDoc, whatsappId: string, defaultFlowId: Types.ObjectId | null | undefined, message: CustomerMessage, created: boolean): Promise<boolean> {
      if (ticket.isGroup) return false;
      const companyId = String(ticket.companyId);
      if (ticket.status === 'open' && ticket.userId) {
        if (ticket.flowRun && (await endTicketRun(companyId, ticket._id, 'accepted'))) await writeTicket(realtime, companyId, ticket._id, { flowRun: null });
        return false;
      }
      if (!message.replayed) {
        const campaign = await findPhraseCampaign(companyId, whatsappId, message.body);
        const flow = campaign ? await startableFlow(companyId, campaign.flowId) : null;
        if (flow?.flow) {
          await startOnTicket(ticket, { ...flow, flow: flow.flow }, message.body);
          return true;
        }
      }
      if (ticket.flowRun) {
        if (await FlowRunModel.exists({ companyId, ticketId: ticket._id })) {
          if (!message.replayed) await advance(`t:${String(ticket._id)}`, companyId, { kind: 'message', body: message.body });
          return true;
        }
        // The run ended without the ticket hearing of it (a crash between the two writes).
        await writeTicket(realtime, companyId, ticket._id, { flowRun: null });
      }
      if (created && defaultFlowId) {
        const flow = await startableFlow(companyId, defaultFlowId);
        if (flow?.flow) {
          await startOnTicket(ticket, { ...flow, flow: flow.flow }, message.body);
          return true;
        }
      }
      return false;
    },

    /**
     * A queue integration of type flowbuilder (automation/integrations) starts its flow on the
     * ticket, as a phrase campaign would; false when the flow cannot start (inactive, never saved, gone).
     */
    async start(ticket: TicketDoc, flowId: Types.ObjectId | string, body: string): Promise<boolean> {
      if (ticket.isGroup) return false;
      const flow = await startableFlow(String(ticket.companyId), flowId);
      if (!flow?.flow) return false;
      await startOnTicket(ticket, { ...flow, flow: flow.flow }, body);
      return true;
    },

    /** DELETE /tickets/{ticketId}/flow: agents who can see the ticket stop its flow. */
    async stop(actor: AuthCredentials, ticketId: string): Promise<{ ticket: Ticket }> {
      const { ticket } = await ticketForActor(actor, ticketId);
      await endTicketRun(actor.companyId, ticket._id, 'stopped');
      const updated = ticket.flowRun ? await writeTicket(realtime, actor.companyId, ticket._id, { flowRun: null }) : ticket;
      return { ticket: await ticketView(actor.companyId, updated ?? ticket) };
    },

    /** The ticket service took the ticket out of the flow (accepted, transferred, closed): its run goes. */
    leave(companyId: string, ticketId: Types.ObjectId | string, reason: FlowRunEndReason): Promise<boolean> {
      return endTicketRun(companyId, ticketId, reason);
    },

    async startSimulation(actor: AuthCredentials, input: SimulationStart): Promise<{ simulationId: string }> {
      const companyId = actor.companyId;
      const flow = await FlowModel.findOne({ companyId, _id: input.flowId }, { name: 1 }).lean<Pick<FlowDoc, '_id' | 'name'>>();
      if (!flow) throw new AppError('ERR_NO_FLOW_FOUND');
      const graph: FlowGraph = { nodes: input.nodes, connections: input.connections };
      const start = graph.nodes.find((node) => node.type === 'start');
      if (!start) throw new AppError('ERR_VALIDATION', { field: 'nodes', rule: 'startMissing' }, 'nodes: the flow has no start block');
      refuseUnrunnablePatterns(graph);
      await refuseForeignQueues(companyId, graph);
      const _id = new Types.ObjectId();
      const now = new Date();
      const runKey = `s:${String(_id)}`;
      await FlowRunModel.create({ _id, companyId, kind: 'simulation', runKey, userId: actor.userId, flowId: flow._id, flowName: flow.name, graph, nodeId: start.id, startedAt: now, lastActivityAt: now });
      // After the answer: the author gets the id before the first events.
      setImmediate(() => void advance(runKey, companyId, { kind: 'start' }).catch((err: unknown) => logger.error({ err, simulationId: String(_id) }, 'flow simulation failed')));
      return { simulationId: String(_id) };
    },

    /** The author writes as the customer. */
    async simulateMessage(actor: AuthCredentials, simulationId: string, body: string): Promise<{ message: FlowSimulatorMessage }> {
      const run = await ownSimulation(actor, simulationId);
      const message = simulatorMessage(false, body);
      publishSimulation(realtime, run, { action: 'message', simulationId, message });
      await advance(run.runKey, actor.companyId, { kind: 'message', body });
      return { message };
    },

    async stopSimulation(actor: AuthCredentials, simulationId: string): Promise<void> {
      const run = await ownSimulation(actor, simulationId);
      await runs.run(run.runKey, async () => {
        const removed = await FlowRunModel.deleteOne({ companyId: actor.companyId, _id: run._id });
        if (removed.deletedCount > 0) publishSimulation(realtime, run, { action: 'end', simulationId, reason: 'stopped' });
      });
    },

    /** The recurring sweep of idle simulations (after the job runner started). */
    schedule(): Promise<void> {
      return jobs.every(SIMULATION_SWEEP_EVERY_MS, FLOW_SIMULATION_SWEEP_JOB);
    },
  };
}

export type FlowEngine = ReturnType<typeof createFlowEngine>;
