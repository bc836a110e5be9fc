/**
 * What the assistant does to the ticket itself: its failures shown on it (`aiError`, pushed with the
 * ticket), cleared by its next answer, and the hand-over to the agents (`handedOver`).
 */
import { Types } from 'mongoose';
import { createI18n, type TicketAiError } from '@atende/shared';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { MessageService } from '../../domains/messages/service.js';
import { QueueModel } from '../../domains/queues/model.js';
import { publishTicket } from '../../domains/tickets/events.js';
import type { TicketDoc } from '../../domains/tickets/model.js';
import { updateTicket, type TicketChange } from '../../domains/tickets/writer.js';
import type { AiFailure } from './endpoint.js';

export function createTicketSide(deps: { realtime: RealtimePublisher; logger: Logger; config: Config; messages: MessageService }) {
  const { realtime, logger, messages } = deps;
  const texts = createI18n(deps.config.language);

  /** Bookkeeping of the ticket (it does not move up the lists), pushed to whoever sees it. */
  async function note(ticket: TicketDoc, set: TicketChange['$set']): Promise<TicketDoc | null> {
    const updated = await updateTicket(ticket.companyId, ticket, { $set: set }, { touch: false });
    if (updated) await publishTicket(realtime, updated);
    return updated;
  }

  return {
    texts,

    async failed(ticket: TicketDoc, failure: AiFailure, doing: string): Promise<void> {
      logger.warn({ err: failure.cause ?? failure, companyId: String(ticket.companyId), ticketId: String(ticket._id), code: failure.code, status: failure.status, doing }, 'AI assistant failed');
      const aiError: TicketAiError = { code: failure.code, status: failure.status, at: new Date().toISOString() };
      await note(ticket, { aiError });
    },

    /** After an answer: no failure to show any more, and which prompt answers the ticket. */
    async answered(ticket: TicketDoc, promptId: Types.ObjectId | null): Promise<void> {
      const promptChanged = promptId !== null && String(ticket.promptId ?? null) !== String(promptId);
      if (!ticket.aiError && !promptChanged) return;
      await note(ticket, { aiError: null, ...(promptChanged ? { promptId } : {}) });
    },

    /**
     * The customer asked for a human: the ticket waits for an agent, flagged, in its queue (a
     * ticket without one goes to the assistant's sector), and the customer is told.
     */
    async handOver(ticket: TicketDoc, sectorId: string | null): Promise<void> {
      const set: TicketChange['$set'] = { handedOver: true, useIntegration: false, chatbot: false, queueOptionId: null };
      if (!ticket.queueId && sectorId && (await QueueModel.exists({ companyId: ticket.companyId, _id: sectorId }))) set.queueId = new Types.ObjectId(sectorId);
      const updated = await updateTicket(ticket.companyId, ticket, { $set: set });
      if (!updated) return;
      await publishTicket(realtime, updated);
      await messages.storeOutbound({ companyId: String(updated.companyId), ticket: updated, body: texts.t('inbox.aiHandover'), origin: 'ai' });
      logger.info({ companyId: String(ticket.companyId), ticketId: String(ticket._id), queueId: updated.queueId ? String(updated.queueId) : null }, 'AI assistant handed the ticket over');
    },
  };
}

export type TicketSide = ReturnType<typeof createTicketSide>;
