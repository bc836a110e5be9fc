/**
 * The ticket's side of an integration: what it shows (integrationRun, useIntegration,
 * integrationId), the hand-over to the agents (the ticket stays pending, in its queue or the one the
 * tool named, and moves up their list) and the failure shown to them. Every write goes through the
 * ticket writer and is pushed like any ticket change.
 */
import { Types } from 'mongoose';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { QueueModel, queueNameKey, type QueueDoc } from '../../domains/queues/model.js';
import { publishTicket } from '../../domains/tickets/events.js';
import { TicketModel, type TicketDoc } from '../../domains/tickets/model.js';
import { updateTicket, type TicketChange } from '../../domains/tickets/writer.js';
import { IntegrationSessionModel } from './sessionModel.js';
import { runOf, type IntegrationSource } from './source.js';

/** A queue an integration names for a hand-over: by id or by name (without case); null when it has none of the company's. */
export interface QueueRef {
  queueId?: string | null;
  queue?: string | null;
}

export function readTicket(companyId: string, ticketId: Types.ObjectId | string): Promise<TicketDoc | null> {
  return TicketModel.findOne({ companyId, _id: ticketId }).lean<TicketDoc>();
}

/** Whether the integrations may answer this ticket now: pending, no agent, no group, no flow running. */
export function answerable(ticket: TicketDoc | null): ticket is TicketDoc {
  // handedOver: the customer asked the AI assistant for a human; no bot answers them again.
  return Boolean(ticket) && ticket!.status === 'pending' && !ticket!.userId && !ticket!.isGroup && !ticket!.flowRun && !ticket!.handedOver;
}

async function queueNamed(companyId: string, ref: QueueRef): Promise<QueueDoc | null> {
  if (ref.queueId && Types.ObjectId.isValid(ref.queueId)) {
    const byId = await QueueModel.findOne({ companyId, _id: ref.queueId }).lean<QueueDoc>();
    if (byId) return byId;
  }
  const name = (ref.queue ?? '').trim();
  if (!name) return null;
  return QueueModel.findOne({ companyId, nameKey: queueNameKey(name) }).lean<QueueDoc>();
}

export function createTicketState(deps: { realtime: RealtimePublisher; logger: Logger }) {
  const { realtime, logger } = deps;

  async function write(companyId: string, ticketId: Types.ObjectId | string, set: TicketChange['$set'], touch = false): Promise<TicketDoc | null> {
    const updated = await updateTicket(companyId, String(ticketId), { $set: set }, { touch });
    if (updated) await publishTicket(realtime, updated);
    return updated;
  }

  return {
    write,

    /** The source took the ticket: the ticket says so (once: later messages change nothing). */
    async answering(ticket: TicketDoc, source: IntegrationSource): Promise<void> {
      const run = ticket.integrationRun;
      if (run?.state === 'answering' && run.integrationId === source.integrationId && ticket.useIntegration) return;
      await write(String(ticket.companyId), ticket._id, {
        integrationRun: runOf(source, 'answering'),
        useIntegration: true,
        integrationId: source.integrationId ? new Types.ObjectId(source.integrationId) : null,
        chatbot: false,
      });
    },

    /** Shows a failure on the ticket (the message stays for the agents) and logs it. */
    async failed(companyId: string, ticketId: Types.ObjectId | string, source: IntegrationSource, detail: string, err?: unknown): Promise<void> {
      logger.warn({ err, companyId, ticketId: String(ticketId), integrationId: source.integrationId, type: source.type, detail }, 'queue integration failed');
      const ticket = await readTicket(companyId, ticketId);
      if (!ticket || ticket.status === 'closed') return;
      await write(companyId, ticketId, { integrationRun: runOf(source, 'failed', detail.slice(0, 300)) });
    },

    /**
     * Hands the ticket to the agents: pending in its queue, or in the queue the tool named (which
     * may have a bot of its own: the ticket then enters that queue, see tickets/queueEntered.ts);
     * this source no longer answers it until it is closed. Answers the ticket as written.
     */
    async handOver(companyId: string, ticketId: Types.ObjectId | string, source: IntegrationSource, detail: string, to: QueueRef = {}): Promise<TicketDoc | null> {
      await IntegrationSessionModel.deleteOne({ companyId, ticketId });
      const ticket = await readTicket(companyId, ticketId);
      if (!ticket || ticket.status === 'closed') return null;
      const queue = to.queueId || to.queue ? await queueNamed(companyId, to) : null;
      if ((to.queueId || to.queue) && !queue) logger.warn({ companyId, ticketId: String(ticketId), integrationId: source.integrationId, to }, 'queue integration named an unknown queue: the ticket stays in its own');
      const set: TicketChange['$set'] = {
        integrationRun: runOf(source, 'handedOver', detail),
        useIntegration: false,
        integrationId: source.integrationId ? new Types.ObjectId(source.integrationId) : null,
        chatbot: false,
        queueOptionId: null,
      };
      if (queue && ticket.status === 'pending') Object.assign(set, { queueId: queue._id, userId: null });
      return write(companyId, ticketId, set, true);
    },
  };
}

export type TicketState = ReturnType<typeof createTicketState>;
