/**
 * Time rules of a connection (document 1 section 3), checked by a recurring job:
 * - expiresTicket: an open ticket whose customer has been silent that many minutes is closed,
 *   with expiresInactiveMessage;
 * - timeToTransfer + transferQueueId: a ticket waiting without a queue that long goes to that queue
 *   (not while a flow talks with the customer: it is not waiting; once the flow ends, it does);
 * - timeUseBotQueues: the queue chatbot stops after that many minutes (the ticket waits for agents).
 * 0 disables a rule.
 */
import type { Types } from 'mongoose';
import type { MessageService } from '../domains/messages/service.js';
import { publishTicket } from '../domains/tickets/events.js';
import { TicketModel, type TicketDoc } from '../domains/tickets/model.js';
import { updateTicket, type TicketChange } from '../domains/tickets/writer.js';
import { WhatsappModel, type WhatsappDoc } from '../domains/whatsapp/model.js';
import type { RealtimePublisher } from '../platform/realtime.js';

export const TICKET_TIMERS_JOB = 'inbox:ticket-timers';

function minutesAgo(minutes: number, now: Date): Date {
  return new Date(now.getTime() - minutes * 60_000);
}

export function createTicketTimers(deps: { realtime: RealtimePublisher; messages: MessageService }) {
  const { realtime, messages } = deps;

  async function apply(ticket: TicketDoc, set: TicketChange['$set'], condition: Partial<Record<keyof TicketDoc, unknown>> = {}): Promise<TicketDoc | null> {
    // Conditional on the state read, so a ticket an agent just took is left alone.
    const updated = await updateTicket(ticket.companyId, ticket, { $set: set }, { condition: { status: ticket.status, updatedAt: ticket.updatedAt, ...condition } });
    if (updated) await publishTicket(realtime, updated);
    return updated;
  }

  async function forConnection(whatsapp: WhatsappDoc, now: Date): Promise<number> {
    const scope = { companyId: whatsapp.companyId, whatsappId: whatsapp._id };
    let changed = 0;
    if (whatsapp.expiresTicket > 0) {
      const silent = await TicketModel.find({ ...scope, status: 'open', lastInteractionAt: { $lt: minutesAgo(whatsapp.expiresTicket, now) } }).lean<TicketDoc[]>();
      for (const ticket of silent) {
        const closed = await apply(ticket, { status: 'closed', closedAt: now, chatbot: false, queueOptionId: null, useIntegration: false, promptId: null, integrationId: null, integrationRun: null, handedOver: false, aiError: null, flowEnd: null });
        if (!closed) continue;
        changed += 1;
        if (whatsapp.expiresInactiveMessage && !closed.isGroup) {
          await messages.storeOutbound({ companyId: String(closed.companyId), ticket: closed, body: whatsapp.expiresInactiveMessage });
        }
      }
    }
    if (whatsapp.timeToTransfer > 0 && whatsapp.transferQueueId) {
      const waiting = await TicketModel.find({ ...scope, status: 'pending', queueId: null, createdAt: { $lt: minutesAgo(whatsapp.timeToTransfer, now) } }).lean<TicketDoc[]>();
      for (const ticket of waiting) {
        if (ticket.flowRun) continue;
        if (await apply(ticket, { queueId: whatsapp.transferQueueId as Types.ObjectId, chatbot: false, queueOptionId: null }, { flowRun: null })) changed += 1;
      }
    }
    if (whatsapp.timeUseBotQueues > 0) {
      const botting = await TicketModel.find({ ...scope, status: 'pending', chatbot: true, createdAt: { $lt: minutesAgo(whatsapp.timeUseBotQueues, now) } }).lean<TicketDoc[]>();
      for (const ticket of botting) {
        if (await apply(ticket, { chatbot: false })) changed += 1;
      }
    }
    return changed;
  }

  return {
    /** One pass over every connection with a rule set; answers how many tickets changed. */
    async sweep(now = new Date()): Promise<number> {
      // Platform job: it walks every company's connections (each query below is scoped again).
      const connections = await WhatsappModel.find({
        $or: [{ expiresTicket: { $gt: 0 } }, { timeToTransfer: { $gt: 0 } }, { timeUseBotQueues: { $gt: 0 } }],
      })
        .setOptions({ crossTenant: true })
        .lean<WhatsappDoc[]>();
      let changed = 0;
      for (const whatsapp of connections) changed += await forConnection(whatsapp, now);
      return changed;
    },
  };
}

export type TicketTimers = ReturnType<typeof createTicketTimers>;
