/**
 * The n8n and webhook integrations: each customer message of a ticket they answer becomes a JSON
 * event (company, connection, ticket, contact, the message with a signed media link) POSTed to
 * urlN8N through the durable delivery queue (deliveries.ts), signed `x-atende-signature` = hex
 * HMAC-SHA256 of the raw body with the integration's secret. Replies come back through the send
 * API (`POST /api/messages/send` with the connection's token), or in the endpoint's own answer:
 * a JSON `{ "reply": "..." | [...], "transfer": true, "queue": "Sales" }` is sent to the customer
 * and honoured. A failed attempt shows on the ticket; the message stays for the agents.
 */
import type { IntegrationWebhookAnswer, IntegrationWebhookEvent } from '@atende/shared';
import type { Config } from '../../platform/config.js';
import { mediaUrl } from '../../platform/uploads.js';
import { CompanyModel, type CompanyDoc } from '../../domains/companies/model.js';
import type { MessageDoc } from '../../domains/messages/model.js';
import { integrationOf } from '../../domains/queueIntegrations/cache.js';
import { queueCards } from '../../domains/queues/cache.js';
import type { TicketDoc } from '../../domains/tickets/model.js';
import { connectionSettings } from '../../domains/whatsapp/cache.js';
import type { Deliveries, DeliveryOutcome } from './deliveries.js';
import type { Outgoing } from './outgoing.js';
import { saveSession } from './sessions.js';
import { sourceOf, type IntegrationSource } from './source.js';
import { answerable, readTicket, type TicketState } from './ticketState.js';

/** An address of ours as the integration can reach it (absolute with ATENDE_PUBLIC_URL). */
function publicAddress(config: Config, path: string): string {
  return `${config.publicUrl?.replace(/\/+$/, '') ?? ''}${path}`;
}

function repliesOf(answer: IntegrationWebhookAnswer): string[] {
  const reply = answer.reply;
  const list = Array.isArray(reply) ? reply : reply === undefined || reply === null ? [] : [reply];
  return list.filter((text): text is string => typeof text === 'string' && text.trim().length > 0).map((text) => text.slice(0, 4096));
}

export function createWebhookRunner(deps: { config: Config; outgoing: Outgoing; state: TicketState; deliveries: Deliveries }) {
  const { config, outgoing, state } = deps;

  async function eventOf(source: IntegrationSource, ticket: TicketDoc, message: MessageDoc, trigger: IntegrationWebhookEvent['trigger']): Promise<Omit<IntegrationWebhookEvent, 'deliveryId'>> {
    const companyId = String(ticket.companyId);
    const [company, connection, queues] = await Promise.all([
      CompanyModel.findById(companyId, { name: 1 }).lean<Pick<CompanyDoc, 'name'>>(),
      ticket.whatsappId ? connectionSettings(companyId, String(ticket.whatsappId)) : null,
      queueCards.get(companyId),
    ]);
    const queue = ticket.queueId ? queues.get(String(ticket.queueId)) : undefined;
    return {
      event: 'message',
      trigger,
      integration: { id: source.integrationId ?? '', name: source.name, type: source.type },
      company: { id: companyId, name: company?.name ?? '' },
      connection: { id: ticket.whatsappId ? String(ticket.whatsappId) : '', name: connection?.name ?? '', number: connection?.number ?? '' },
      ticket: { id: String(ticket._id), uuid: ticket.uuid, status: ticket.status, queue: queue ? { id: String(queue._id), name: queue.name } : null },
      contact: { id: String(ticket.contactId), name: ticket.contact?.name ?? '', number: ticket.contact?.number ?? '' },
      message: {
        id: String(message._id),
        body: message.body,
        mediaType: message.mediaType,
        mediaUrl: message.mediaPath ? publicAddress(config, mediaUrl(companyId, message.mediaPath)) : null,
        fromMe: message.fromMe,
        createdAt: message.createdAt.toISOString(),
      },
      reply: { url: publicAddress(config, '/api/messages/send'), number: ticket.contact?.number ?? '' },
      sentAt: new Date().toISOString(),
    };
  }

  return {
    /** Queues the event of the customer's message; the caller holds the ticket's turn. */
    async turn(ticket: TicketDoc, source: IntegrationSource, message: MessageDoc, trigger: IntegrationWebhookEvent['trigger']): Promise<void> {
      if (!source.doc) return;
      await saveSession(ticket, source, { lastMessageKey: message.providerMessageId });
      const event = await eventOf(source, ticket, message, trigger);
      // The body is made once, with the delivery's own id, and signed as it is on every attempt.
      await deps.deliveries.enqueue(source.doc, { ticketId: ticket._id, messageId: message._id }, (deliveryId) => JSON.stringify({ deliveryId, ...event } satisfies IntegrationWebhookEvent));
    },

    /** An attempt's outcome: the endpoint's replies and transfer, or its failure on the ticket. */
    async settled(outcome: DeliveryOutcome): Promise<void> {
      const { delivery } = outcome;
      const companyId = String(delivery.companyId);
      if (!delivery.ticketId) return;
      const integration = await integrationOf(companyId, delivery.integrationId);
      if (!integration) return;
      const source = sourceOf(integration);
      if (!outcome.delivered) {
        const tries = outcome.gaveUp ? `gave up after ${delivery.attemptCount} attempts` : `attempt ${delivery.attemptCount} failed, retrying`;
        await state.failed(companyId, delivery.ticketId, source, `${outcome.attempt.error ?? 'failed'} (${tries})`);
        return;
      }
      const ticket = await readTicket(companyId, delivery.ticketId);
      if (!answerable(ticket)) return;
      // Delivered again after failures: the ticket no longer shows the failure.
      if (ticket.integrationRun?.state === 'failed' && ticket.integrationRun.integrationId === source.integrationId) await state.answering(ticket, source);
      const answer = outcome.answer;
      if (!answer) return;
      await outgoing.send(companyId, ticket._id, repliesOf(answer).map((text) => ({ text })), 0);
      if (answer.transfer || answer.queue || answer.queueId) await state.handOver(companyId, ticket._id, source, 'transfer', { queue: answer.queue ?? null, queueId: answer.queueId ?? null });
    },
  };
}

export type WebhookRunner = ReturnType<typeof createWebhookRunner>;
