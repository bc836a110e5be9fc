/**
 * The queue integration runners (issue 16; the automation hand-over contract). Which integration
 * answers a customer's message on a ticket no agent holds (pending, no user; never a group, never
 * a replayed message, never while a flow runs): a flow's typebot block that took the ticket over,
 * else the queue's integration (ticket in a queue), else the connection's (ticket without a
 * queue). It is asked after the flow engine and before AI prompts and the queue chatbot
 * (channels/inbound.ts), and again when the ticket enters a queue (tickets/queueEntered.ts), then
 * with the customer's last message. Every listener of that event hears it: a queue should have an
 * integration or an AI prompt, not both. An integration that handed the ticket over no longer answers
 * it until it is closed (closing clears ticket.integrationRun).
 *
 * Each type: n8n and webhook POST a signed event (webhookRunner.ts), typebot talks with the
 * Typebot chat API (typebotRunner.ts), dialogflow detects intents (dialogflowRunner.ts),
 * flowbuilder starts its flow (the flow engine runs it; its end hands the ticket over). The
 * exchange with the tool runs after the message was taken, one at a time per ticket, so the inbound
 * pipeline never waits on it; a failure is logged and shown on the ticket, never thrown.
 */
import type { FlowQueueIntegration } from '@atende/shared';
import type { Types } from 'mongoose';
import type { Config } from '../../platform/config.js';
import { keyedSerial } from '../../platform/database/serial.js';
import type { JobRunner } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import type { Outbound } from '../../platform/net/outbound.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { Sealer } from '../../platform/sealing.js';
import { MessageModel, type MessageDoc } from '../../domains/messages/model.js';
import type { MessageService } from '../../domains/messages/service.js';
import { conversationPage } from '../../domains/messages/store.js';
import { companyIntegrations } from '../../domains/queueIntegrations/cache.js';
import { createDialogflow } from '../../domains/queueIntegrations/dialogflow.js';
import { QueueModel, type QueueDoc } from '../../domains/queues/model.js';
import type { TicketDoc } from '../../domains/tickets/model.js';
import { onQueueEntered } from '../../domains/tickets/queueEntered.js';
import { connectionSettings, type ConnectionSettings } from '../../domains/whatsapp/cache.js';
import type { FlowEngine } from '../flows/engine.js';
import { createDeliveries } from './deliveries.js';
import { createDialogflowRunner } from './dialogflowRunner.js';
import { createOutgoing } from './outgoing.js';
import { isSessionOf, sessionHolds, sessionOf } from './sessions.js';
import { inlineSource, isRunOf, sourceOf, type IntegrationSource } from './source.js';
import { answerable, createTicketState, readTicket } from './ticketState.js';
import { typebotApi } from './typebotApi.js';
import { createTypebotRunner } from './typebotRunner.js';
import { createWebhookRunner } from './webhookRunner.js';

/** What the runner reads of a customer's message as the network delivered it (channels/provider.ts InboundMessage). */
export interface CustomerMessage {
  providerMessageId: string;
  body: string;
  fromMe: boolean;
  replayed?: boolean;
}

export interface IntegrationContext {
  /** The ticket was opened by this message. */
  created: boolean;
}

/** A customer's message as an integration takes it. */
interface Taken {
  key: string;
  body: string;
  /** The stored message (the webhook event describes it); read when needed. */
  doc: MessageDoc | null;
  trigger: 'message' | 'queueEntered';
}

export function createIntegrationRunner(deps: {
  realtime: RealtimePublisher;
  logger: Logger;
  config: Config;
  jobs: JobRunner;
  sealer: Sealer;
  messages: MessageService;
  /** Every call to a tool's address goes through it (platform/net). */
  outbound: Outbound;
  /** The flow engine, for flowbuilder integrations (made before this runner, which its typebot block calls). */
  flows: () => FlowEngine;
}) {
  const { realtime, logger, config, jobs, sealer, messages, outbound } = deps;
  const timeoutMs = config.integrations.timeoutMs;
  const state = createTicketState({ realtime, logger });
  const outgoing = createOutgoing({ messages, logger, timeoutMs, outboundFetch: outbound.fetch });
  const dialogflow = createDialogflow({ url: config.integrations.dialogflowUrl, timeoutMs });
  const typebot = createTypebotRunner({ api: typebotApi(outbound.fetch, timeoutMs), outgoing, state });
  const dialogflowRunner = createDialogflowRunner({ dialogflow, sealer, outgoing, state });
  // Each attempt's outcome goes to the webhook runner, which queues its events here.
  const deliveries = createDeliveries({ jobs, logger, realtime, sealer, outboundFetch: outbound.fetch, config: config.integrations, settled: (outcome) => webhook.settled(outcome) });
  const webhook = createWebhookRunner({ config, outgoing, state, deliveries });
  const turns = keyedSerial();

  async function queueIntegrationId(ticket: TicketDoc, whatsapp: ConnectionSettings | null): Promise<Types.ObjectId | null> {
    const companyId = String(ticket.companyId);
    if (ticket.queueId) return (await QueueModel.findOne({ companyId, _id: ticket.queueId }, { integrationId: 1 }).lean<Pick<QueueDoc, 'integrationId'>>())?.integrationId ?? null;
    const connection = whatsapp ?? (ticket.whatsappId ? await connectionSettings(companyId, String(ticket.whatsappId)) : null);
    return connection?.integrationId ?? null;
  }

  /**
   * Who answers the ticket now (null: no integration does). `entered`: the ticket just entered a
   * queue, whose integration then wins over a flow's typebot that was answering.
   */
  async function sourceFor(ticket: TicketDoc, whatsapp: ConnectionSettings | null, entered: boolean): Promise<IntegrationSource | null> {
    const run = ticket.integrationRun;
    if (!entered && run?.state === 'answering' && run.integrationId === null) {
      const session = await sessionOf(ticket);
      if (session?.inline && !session.integrationId && sessionHolds(session, ticket)) return inlineSource(session.inline);
    }
    const integrations = await companyIntegrations.get(String(ticket.companyId));
    if (integrations.size === 0) return null;
    const integrationId = await queueIntegrationId(ticket, whatsapp);
    const doc = integrationId ? integrations.get(String(integrationId)) : undefined;
    if (!doc) return null;
    const source = sourceOf(doc);
    return run?.state === 'handedOver' && isRunOf(run, source) ? null : source;
  }

  /** The exchange with the tool, in the ticket's turn; a message already given to this source is not given again. */
  async function take(ticketId: Types.ObjectId, companyId: string, source: IntegrationSource, taken: Taken): Promise<void> {
    try {
      const ticket = await readTicket(companyId, ticketId);
      if (!answerable(ticket)) return;
      const session = await sessionOf(ticket);
      if (isSessionOf(session, source) && session.lastMessageKey === taken.key) return;
      await state.answering(ticket, source);
      const current = (await readTicket(companyId, ticketId)) ?? ticket;
      const customer = { text: taken.body, key: taken.key };
      if (source.type === 'typebot') await typebot.turn(current, source, customer);
      else if (source.type === 'dialogflow') await dialogflowRunner.turn(current, source, customer);
      else if (source.type === 'n8n' || source.type === 'webhook') {
        const doc = taken.doc ?? (await MessageModel.findOne({ companyId, whatsappId: current.whatsappId, providerMessageId: taken.key }).lean<MessageDoc>());
        if (doc) await webhook.turn(current, source, doc, taken.trigger);
      }
    } catch (err) {
      await state.failed(companyId, ticketId, source, err instanceof Error ? err.message : String(err), err).catch((failure: unknown) => logger.error({ err: failure }, 'queue integration failure not recorded'));
    }
  }

  function inTurn(ticket: TicketDoc, source: IntegrationSource, taken: Taken): void {
    const companyId = String(ticket.companyId);
    void turns.run(String(ticket._id), () => take(ticket._id, companyId, source, taken));
  }

  /** flowbuilder: its flow takes the conversation; the next message after the flow ended hands the ticket over. */
  async function runFlow(ticket: TicketDoc, source: IntegrationSource, body: string): Promise<boolean> {
    const companyId = String(ticket.companyId);
    if (ticket.integrationRun?.state === 'answering' && isRunOf(ticket.integrationRun, source)) {
      await state.handOver(companyId, ticket._id, source, 'the flow ended');
      return false;
    }
    const flowId = source.doc?.flowId;
    if (flowId && (await deps.flows().start(ticket, flowId, body))) {
      await state.answering((await readTicket(companyId, ticket._id)) ?? ticket, source);
      return true;
    }
    await state.failed(companyId, ticket._id, source, 'the flow cannot start: it is inactive, was never saved or is gone');
    return true;
  }

  /** The customer's newest message in the conversation (null when the ticket has none). */
  async function lastCustomerMessage(ticket: TicketDoc): Promise<MessageDoc | null> {
    const { rows } = await conversationPage(ticket, 1);
    return [...rows].reverse().find((message) => !message.fromMe && !message.isDeleted) ?? null;
  }

  /** The ticket entered a queue (tickets/queueEntered.ts): the queue's integration answers the customer's last message. */
  async function queueEntered(entered: TicketDoc): Promise<void> {
    const companyId = String(entered.companyId);
    try {
      const ticket = await readTicket(companyId, entered._id);
      if (!answerable(ticket)) return;
      const source = await sourceFor(ticket, null, true);
      if (!source) {
        // Moved to a queue without an integration: whoever was answering hands over.
        const run = ticket.integrationRun;
        if (run?.state === 'answering') await state.handOver(companyId, ticket._id, { integrationId: run.integrationId, name: run.name, type: run.type, doc: null, inline: null }, 'transfer');
        return;
      }
      const last = await lastCustomerMessage(ticket);
      if (!last) return;
      if (source.type === 'flowbuilder') await runFlow(ticket, source, last.body);
      else inTurn(ticket, source, { key: last.providerMessageId, body: last.body, doc: last, trigger: 'queueEntered' });
    } catch (err) {
      logger.error({ err, companyId, ticketId: String(entered._id) }, 'queue integration on entering a queue failed');
    }
  }
  const unsubscribe = onQueueEntered((ticket) => void queueEntered(ticket));

  return {
    /** A customer's message stored on a ticket (inbound.ts, after the flow engine); true when an integration took it. */
    async customerMessage(ticket: TicketDoc, message: CustomerMessage, whatsapp: ConnectionSettings, _context: IntegrationContext): Promise<boolean> {
      if (message.replayed || message.fromMe || !answerable(ticket)) return false;
      try {
        const source = await sourceFor(ticket, whatsapp, false);
        if (!source) return false;
        if (source.type === 'flowbuilder') return await runFlow(ticket, source, message.body);
        inTurn(ticket, source, { key: message.providerMessageId, body: message.body, doc: null, trigger: 'message' });
        return true;
      } catch (err) {
        logger.error({ err, companyId: String(ticket.companyId), ticketId: String(ticket._id) }, 'queue integration could not take the message');
        return false;
      }
    },

    /** A flow's typebot block hands the conversation over (flows/ticketPort.ts, once the run ended). */
    startTypebot(companyId: string, ticketId: string, settings: FlowQueueIntegration): void {
      const source = inlineSource(settings);
      void turns.run(ticketId, async () => {
        try {
          const ticket = await readTicket(companyId, ticketId);
          if (!answerable(ticket)) return;
          await state.answering(ticket, source);
          await typebot.turn((await readTicket(companyId, ticketId)) ?? ticket, source, { text: '', key: `flow:${ticketId}:${Date.now()}` });
        } catch (err) {
          await state.failed(companyId, ticketId, source, err instanceof Error ? err.message : String(err), err).catch(() => undefined);
        }
      });
    },

    dialogflow,

    /** The delivery retry sweep (after the job runner started). */
    schedule(): Promise<void> {
      return deliveries.schedule();
    },

    /** Lets running exchanges finish and closes the Dialogflow clients (the app stops). */
    async stop(): Promise<void> {
      unsubscribe();
      await turns.all();
      await deliveries.settle();
      await dialogflow.close();
    },
  };
}

export type IntegrationRunner = ReturnType<typeof createIntegrationRunner>;
