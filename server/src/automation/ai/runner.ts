/**
 * The AI assistant (document 3, prompts; the automation hand-over contract). It answers a ticket
 * nobody has taken (pending, no agent, not handed over) with the prompt of its queue, or of its
 * connection while it has no queue:
 * - `customerMessage`: the inbound pipeline's turn after the flows and integrations; true when a
 *   prompt applies (the message is the assistant's, not the chatbot's). Replayed messages are never
 *   answered: they are marked as not to answer, and left to the others;
 * - a ticket entering a queue with a prompt (tickets/queueEntered.ts) has its customer's last
 *   message answered at once;
 * - a flow's OpenAI block (`answerInFlow`) answers with the block's settings while its run waits there.
 * The work happens after the caller's turn, one job at a time per ticket in arrival order (a
 * customer writing fast gets the answers in order; messages that arrived meanwhile are answered
 * together), so the inbound pipeline never waits for the model. Failures are logged and shown on
 * the ticket (ticketSide.ts), never thrown to the caller.
 */
import type { Types } from 'mongoose';
import type { Config } from '../../platform/config.js';
import { keyedSerial } from '../../platform/database/serial.js';
import type { Logger } from '../../platform/logger.js';
import type { Outbound } from '../../platform/net/outbound.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { Sealer } from '../../platform/sealing.js';
import type { MessageService } from '../../domains/messages/service.js';
import { TicketModel, type TicketDoc } from '../../domains/tickets/model.js';
import { onQueueEntered } from '../../domains/tickets/queueEntered.js';
import { connectionSettings, type ConnectionSettings } from '../../domains/whatsapp/cache.js';
import { answerable, createAnswerer, type AnswerJob } from './answer.js';
import { fromFlowBlock, fromPrompt, hasPrompts, promptFor, type FlowBlockSettings } from './assistant.js';
import { isTurnType } from './context.js';
import { markAnswered } from './state.js';
import { createTicketSide } from './ticketSide.js';

/** A customer's message as the runners see it. */
export interface AutomationMessage {
  body: string;
  mediaType: string;
}

/** What the inbound pipeline tells every runner about the message (the hand-over contract's shape). */
export interface AutomationContext {
  /** The message opened the ticket (the assistant answers it either way). */
  created: boolean;
  /** Written before (offline replay, backfill): never answered by a runner. */
  replayed: boolean;
}

type Job = { kind: 'prompt' } | { kind: 'flow'; settings: FlowBlockSettings; stillWanted(): Promise<boolean> };

export function createAiRunner(deps: { realtime: RealtimePublisher; logger: Logger; config: Config; messages: MessageService; sealer: Sealer; outbound: Outbound }) {
  const { logger, sealer } = deps;
  const side = createTicketSide(deps);
  const answer = createAnswerer({ config: deps.config, messages: deps.messages, side, outbound: deps.outbound });
  const tickets = keyedSerial();

  /** The job as it stands when its turn comes (a prompt may have changed meanwhile); null: nothing to do. */
  async function jobFor(ticket: TicketDoc, job: Job): Promise<AnswerJob | null> {
    if (job.kind === 'flow') return { assistant: fromFlowBlock(job.settings, sealer), handsOver: false, stillWanted: job.stillWanted };
    const whatsapp = ticket.whatsappId ? await connectionSettings(String(ticket.companyId), String(ticket.whatsappId)) : null;
    const prompt = await promptFor(ticket, whatsapp);
    return prompt ? { assistant: fromPrompt(prompt, sealer), handsOver: true, stillWanted: async () => true } : null;
  }

  async function work(companyId: string, ticketId: string, job: Job): Promise<void> {
    const ticket = await TicketModel.findOne({ companyId, _id: ticketId }).lean<TicketDoc>();
    if (!ticket || !answerable(ticket)) return;
    const ready = await jobFor(ticket, job);
    if (ready && (await ready.stillWanted())) await answer(ticket, ready);
  }

  function enqueue(companyId: string, ticketId: string, job: Job): void {
    tickets.run(ticketId, () => work(companyId, ticketId, job)).catch((err: unknown) => logger.error({ err, companyId, ticketId }, 'AI assistant job failed'));
  }

  const unsubscribe = onQueueEntered((ticket) => {
    if (answerable(ticket)) enqueue(String(ticket.companyId), String(ticket._id), { kind: 'prompt' });
  });

  return {
    /** A customer's message stored on a ticket (see the header); true when the assistant takes it. */
    async customerMessage(ticket: TicketDoc, message: AutomationMessage, whatsapp: ConnectionSettings | null, context: AutomationContext): Promise<boolean> {
      if (ticket.isGroup || !isTurnType(message.mediaType)) return false;
      const companyId = String(ticket.companyId);
      if (context.replayed) {
        // Not to be answered later either (e.g. when the chatbot puts the ticket in a queue with a prompt).
        if (await hasPrompts(companyId)) await markAnswered(companyId, ticket._id, (ticket.messageCount ?? 1) - 1);
        return false;
      }
      if (!answerable(ticket) || !(await promptFor(ticket, whatsapp))) return false;
      enqueue(companyId, String(ticket._id), { kind: 'prompt' });
      return true;
    },

    /** The flow's OpenAI block: answers the customer's last message with the block's settings while `stillWanted`. */
    answerInFlow(companyId: string, ticketId: string | Types.ObjectId, settings: FlowBlockSettings, stillWanted: () => Promise<boolean>): void {
      enqueue(companyId, String(ticketId), { kind: 'flow', settings, stillWanted });
    },

    /** The flow's OpenAI block hands over (no exit after the customer's phrase): flagged, told, in the block's queue if it has none. */
    async handOver(companyId: string, ticketId: string | Types.ObjectId, sectorId: string | null): Promise<void> {
      const ticket = await TicketModel.findOne({ companyId, _id: ticketId }).lean<TicketDoc>();
      if (ticket && answerable(ticket)) await side.handOver(ticket, sectorId);
    },

    /** Stops listening and lets the jobs under way finish. */
    async stop(): Promise<void> {
      unsubscribe();
      await tickets.all();
    },
  };
}

export type AiRunner = ReturnType<typeof createAiRunner>;
