/**
 * The interpreter's port on a ticket: texts and media go out as the bot's messages (fromMe, no
 * user) through the outbound queue, the ticket shows the run (ticket.flowRun, pushed with the
 * ticket's realtime update), the ticket block hands the ticket to a queue and the typebot block to
 * the typebot runner (automation/integrations) once the run has ended.
 */
import { Types } from 'mongoose';
import { FLOW_RUN_END_SHOWN, type FlowGraph, type FlowOpenAiSettings, type FlowQueueIntegration, type FlowRunEndReason, type TicketFlowEnd, type TicketFlowRun } from '@atende/shared';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { storedMedia } from '../../platform/uploads.js';
import { FlowModel, type FlowDoc } from '../../domains/flows/model.js';
import type { MessageService } from '../../domains/messages/service.js';
import { QueueModel } from '../../domains/queues/model.js';
import { publishTicket } from '../../domains/tickets/events.js';
import { TicketModel, type TicketDoc } from '../../domains/tickets/model.js';
import { updateTicket, type TicketChange } from '../../domains/tickets/writer.js';
import type { TypebotHandOff } from './engine.js';
import type { AiRunner } from '../ai/runner.js';
import type { FlowMediaBlock, FlowPort } from './interpreter.js';
import { FlowRunModel, type FlowRunDoc } from './runModel.js';

/** What the ticket shows of a run. */
export function ticketFlowRunOf(run: FlowRunDoc): TicketFlowRun {
  return { flowId: String(run.flowId), flowName: run.flowName, nodeId: run.nodeId, waiting: run.waiting, startedAt: run.startedAt.toISOString() };
}

/** What the ticket keeps of a run that failed or looped (null for the other ends). */
export function ticketFlowEndOf(run: FlowRunDoc, reason: FlowRunEndReason): TicketFlowEnd | null {
  const shown = FLOW_RUN_END_SHOWN.find((candidate) => candidate === reason);
  return shown ? { flowId: String(run.flowId), flowName: run.flowName, reason: shown, nodeId: run.nodeId, at: new Date().toISOString() } : null;
}

/** Changes the ticket (bookkeeping: it does not move up the lists) and pushes it. */
export async function writeTicket(realtime: RealtimePublisher, companyId: string, ticketId: unknown, change: TicketChange['$set'], touch = false): Promise<TicketDoc | null> {
  const updated = await updateTicket(companyId, String(ticketId), { $set: change }, { touch });
  if (updated) await publishTicket(realtime, updated);
  return updated;
}

export function ticketPort(deps: { realtime: RealtimePublisher; logger: Logger; messages: MessageService; typebot?: TypebotHandOff; ai?: AiRunner }, companyId: string, ticketId: string): FlowPort {
  const { realtime, logger, messages, ai } = deps;
  /** The typebot a typebot block hands the conversation to, once the run ended. */
  let handedTo: FlowQueueIntegration | null = null;

  async function ticket(): Promise<TicketDoc | null> {
    return TicketModel.findOne({ companyId, _id: ticketId }).lean<TicketDoc>();
  }

  return {
    async graph(run: FlowRunDoc): Promise<FlowGraph | null> {
      const flow = await FlowModel.findOne({ companyId, _id: run.flowId }, { flow: 1 }).lean<Pick<FlowDoc, 'flow'>>();
      return flow?.flow ?? null;
    },

    async say(text: string): Promise<void> {
      const current = await ticket();
      if (current && text.trim()) await messages.storeOutbound({ companyId, ticket: current, body: text, origin: 'flow' });
    },

    async media(kind: FlowMediaBlock, fileName: string): Promise<void> {
      const [current, media] = await Promise.all([ticket(), storedMedia(companyId, fileName)]);
      // A file removed since the flow was drawn is skipped, the rest of the flow still goes.
      if (!media) logger.warn({ companyId, ticketId, kind, fileName }, 'flow media file is missing: not sent');
      else if (current) await messages.storeOutbound({ companyId, ticket: current, body: '', media, origin: 'flow' });
    },

    async transfer(queueId: string): Promise<boolean> {
      if (!(await QueueModel.exists({ companyId, _id: queueId }))) return false;
      await writeTicket(realtime, companyId, ticketId, { queueId: new Types.ObjectId(queueId), status: 'pending', userId: null, chatbot: false, queueOptionId: null, flowRun: null }, true);
      return true;
    },

    async typebot(settings: FlowQueueIntegration): Promise<boolean> {
      if (!deps.typebot || !settings.urlN8N?.trim() || !settings.typebotSlug?.trim()) return false;
      handedTo = settings;
      return true;
    },

    async ai(run: FlowRunDoc, settings: FlowOpenAiSettings): Promise<void> {
      // Answered while the run still waits on this block (a later message or an agent may move it on).
      const stillWaiting = async () => Boolean(await FlowRunModel.exists({ companyId, _id: run._id, nodeId: run.nodeId, waiting: 'ai' }));
      if (ai) ai.answerInFlow(companyId, ticketId, settings, stillWaiting);
      else logger.warn({ companyId, ticketId, nodeId: run.nodeId }, 'flow OpenAI block: no AI runner');
    },

    async handOver(queueId: string | null): Promise<void> {
      await writeTicket(realtime, companyId, ticketId, { flowRun: null });
      await ai?.handOver(companyId, ticketId, queueId);
    },

    async visit(): Promise<void> {},

    async waits(run: FlowRunDoc): Promise<void> {
      await writeTicket(realtime, companyId, ticketId, { flowRun: ticketFlowRunOf(run) });
    },

    async ended(run: FlowRunDoc, reason: FlowRunEndReason): Promise<void> {
      // The transfer wrote the ticket already. A failure or a loop stays on the ticket for the agents.
      const flowEnd = ticketFlowEndOf(run, reason);
      if (reason !== 'transferred') await writeTicket(realtime, companyId, ticketId, { flowRun: null, ...(flowEnd ? { flowEnd } : {}) });
      // After the run is gone from the ticket: the typebot answers from now on.
      if (handedTo && reason === 'finished') deps.typebot?.(companyId, ticketId, handedTo);
    },
  };
}
