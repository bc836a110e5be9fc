/**
 * Assembles the inbox: the outbound sender, the message and ticket services, the queue
 * chatbot and the inbound pipeline, and hands the channel layer the handlers of what the networks
 * deliver.
 */
import type { SessionHandlers, SessionManager } from './channels/index.js';
import { createInboundPipeline } from './channels/inbound.js';
import { createOutboundSender } from './channels/outbound.js';
import { ownedOutbound } from './channels/cluster/ownedOutbound.js';
import { createQueueChatbot } from './automation/queueChatbot.js';
import { createFlowEngine, type FlowEngine } from './automation/flows/engine.js';
import { createIntegrationRunner, type IntegrationRunner } from './automation/integrations/runner.js';
import { createAiRunner, type AiRunner } from './automation/ai/runner.js';
import { createCampaignConfirmations } from './domains/campaigns/confirmations.js';
import { createTicketTimers, TICKET_TIMERS_JOB, type TicketTimers } from './automation/ticketTimers.js';
import { applyAck, createMessageService, type MessageService } from './domains/messages/service.js';
import { registerTicketVisibility } from './domains/tickets/realtimeFilters.js';
import { createTicketService, type TicketService } from './domains/tickets/service.js';
import type { AppContext } from './platform/context.js';
import type { JobRunner } from './platform/jobs.js';
import type { OutboundQueue } from './channels/outbound.js';

/** The time rules are in minutes: checking every minute is precise enough. */
const TICKET_TIMERS_JOB_INTERVAL_MS = 60_000;

export interface Inbox {
  tickets: TicketService;
  messages: MessageService;
  timers: TicketTimers;
  outbound: OutboundQueue;
  /** The flow builder's engine (runs in tickets, the simulator). */
  flows: FlowEngine;
  /** The queue integrations' runners (typebot, n8n, webhook, dialogflow, flowbuilder). */
  integrations: IntegrationRunner;
  /** The AI assistant of prompts and of the flows' OpenAI blocks. */
  ai: AiRunner;
  /** Schedules the recurring jobs (after the job runner started). */
  schedule(): Promise<void>;
  /** The channel layer's handlers; the sessions are where the outbound sender finds providers. */
  handlers(sessions: SessionManager): SessionHandlers;
}

/** Several nodes (issue 17): sends go out from the node running the connection's session. */
export type InboxCluster = Omit<Parameters<typeof ownedOutbound>[1], 'logger'>;

export function createInbox(context: AppContext, jobs: JobRunner, cluster?: InboxCluster): Inbox {
  const { realtime, logger, config, sealer } = context;
  let sessions: SessionManager | undefined;
  const sender = createOutboundSender({
    realtime,
    logger,
    provider: (whatsappId) => sessions?.provider(whatsappId),
    sent: (companyId, whatsappId) => sessions?.health.outbound(companyId, whatsappId),
    backoffBaseMs: config.sendRetryMs,
  });
  const outbound = cluster ? ownedOutbound(sender, { ...cluster, logger }) : sender;
  const messages = createMessageService({ realtime, outbound, config });
  const ai = createAiRunner({ realtime, logger, config, messages, sealer, outbound: context.outbound });
  // The flow's typebot block hands over to the integrations' typebot runner, whose flowbuilder type starts flows.
  const flows = createFlowEngine({ realtime, logger, config, jobs, messages, ai, typebot: (companyId, ticketId, settings) => integrations.startTypebot(companyId, ticketId, settings) });
  const integrations = createIntegrationRunner({ realtime, logger, config, jobs, sealer, messages, outbound: context.outbound, flows: () => flows });
  const tickets = createTicketService({ realtime, messages, config, leaveFlow: flows.leave });
  const pipeline = createInboundPipeline({ realtime, logger, messages, chatbot: createQueueChatbot({ messages, config }), config, campaignAnswer: createCampaignConfirmations({ realtime, messages }), flows, integrations, ai });
  const timers = createTicketTimers({ realtime, messages });
  jobs.define(TICKET_TIMERS_JOB, async () => {
    await timers.sweep();
  });
  registerTicketVisibility();
  return {
    tickets,
    messages,
    timers,
    outbound,
    flows,
    integrations,
    ai,
    async schedule() {
      await jobs.every(TICKET_TIMERS_JOB_INTERVAL_MS, TICKET_TIMERS_JOB);
      await flows.schedule();
      await integrations.schedule();
    },
    handlers(manager) {
      sessions = manager;
      return {
        inbound: (companyId, whatsappId, message) => pipeline.handle(companyId, whatsappId, message),
        ack: (companyId, whatsappId, providerMessageId, ack) => applyAck(realtime, companyId, whatsappId, providerMessageId, ack),
      };
    },
  };
}
