/**
 * Assembles the inbox: the outbound sender (Agenda), the message and ticket services, the queue
 * chatbot and the inbound pipeline, and hands the channel layer the handlers of what the networks
 * deliver.
 */
import type { SessionHandlers, SessionManager } from './channels/index.js';
import { createInboundPipeline } from './channels/inbound.js';
import { createOutboundSender } from './channels/outbound.js';
import { createQueueChatbot } from './automation/queueChatbot.js';
import { applyAck, createMessageService, type MessageService } from './domains/messages/service.js';
import { registerTicketVisibility } from './domains/tickets/realtimeFilters.js';
import { createTicketService, type TicketService } from './domains/tickets/service.js';
import type { AppContext } from './platform/context.js';
import type { JobRunner } from './platform/jobs.js';

export interface Inbox {
  tickets: TicketService;
  messages: MessageService;
  /** The channel layer's handlers; the sessions are where the outbound sender finds providers. */
  handlers(sessions: SessionManager): SessionHandlers;
}

export function createInbox(context: AppContext, jobs: JobRunner): Inbox {
  const { realtime, logger, config } = context;
  let sessions: SessionManager | undefined;
  const outbound = createOutboundSender({
    jobs,
    realtime,
    logger,
    provider: (whatsappId) => sessions?.provider(whatsappId),
    backoffBaseMs: config.sendRetryMs,
  });
  const messages = createMessageService({ realtime, outbound, config });
  const tickets = createTicketService({ realtime, messages, config });
  const pipeline = createInboundPipeline({ realtime, logger, messages, chatbot: createQueueChatbot({ messages, config }), config });
  registerTicketVisibility();
  return {
    tickets,
    messages,
    handlers(manager) {
      sessions = manager;
      return {
        inbound: (companyId, whatsappId, message) => pipeline.handle(companyId, whatsappId, message),
        ack: (companyId, whatsappId, providerMessageId, ack) => applyAck(realtime, companyId, whatsappId, providerMessageId, ack),
      };
    },
  };
}
