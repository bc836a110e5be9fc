/**
 * Tickets as the clients see them. Nothing is joined per request: the contact is copied on the
 * ticket (kept current by the contacts domain), its tags' ids too, and the names of users, queues,
 * connections and tags come from the per-company caches.
 */
import { safeColor, type Ticket } from '@atende/shared';
import { queueCards } from '../queues/cache.js';
import { companyTags } from '../tags/cache.js';
import { userNames } from '../users/cache.js';
import { companyConnections } from '../whatsapp/cache.js';
import type { TicketDoc } from './model.js';

export async function ticketViews(companyId: string, tickets: TicketDoc[]): Promise<Ticket[]> {
  if (tickets.length === 0) return [];
  const [users, queues, whatsapps, tags] = await Promise.all([userNames.get(companyId), queueCards.get(companyId), companyConnections.get(companyId), companyTags.get(companyId)]);

  return tickets.map((ticket) => {
    const userName = ticket.userId ? users.get(String(ticket.userId)) : undefined;
    const queue = ticket.queueId ? queues.get(String(ticket.queueId)) : undefined;
    const whatsappName = ticket.whatsappId ? whatsapps.get(String(ticket.whatsappId))?.name : undefined;
    const ticketTags = (ticket.tagIds ?? [])
      .map((id) => tags.get(String(id)))
      .filter((tag) => tag !== undefined)
      .sort((a, b) => a.nameKey.localeCompare(b.nameKey))
      .map((tag) => ({ id: String(tag._id), name: tag.name, color: safeColor(tag.color) }));
    const contact = ticket.contact;
    return {
      id: String(ticket._id),
      uuid: ticket.uuid,
      status: ticket.status,
      contactId: String(ticket.contactId),
      contact: contact
        ? { id: String(ticket.contactId), name: contact.name, number: contact.number, email: contact.email ?? '', profilePicUrl: contact.profilePicUrl ?? '', isGroup: Boolean(contact.isGroup) }
        : null,
      userId: ticket.userId ? String(ticket.userId) : null,
      user: userName !== undefined ? { id: String(ticket.userId), name: userName } : null,
      queueId: ticket.queueId ? String(ticket.queueId) : null,
      queue: queue ? { id: String(queue._id), name: queue.name, color: safeColor(queue.color) } : null,
      whatsappId: ticket.whatsappId ? String(ticket.whatsappId) : null,
      whatsapp: whatsappName !== undefined ? { id: String(ticket.whatsappId), name: whatsappName } : null,
      isGroup: ticket.isGroup,
      chatbot: ticket.chatbot,
      lastMessage: ticket.lastMessage,
      lastCustomerMessage: ticket.lastCustomerMessage ?? '',
      waitingSince: ticket.status === 'pending' ? (ticket.waitingSince ?? ticket.createdAt).toISOString() : null,
      unreadMessages: ticket.unreadMessages,
      useIntegration: ticket.useIntegration,
      promptId: ticket.promptId ? String(ticket.promptId) : null,
      integrationId: ticket.integrationId ? String(ticket.integrationId) : null,
      flowRun: ticket.flowRun ?? null,
      flowEnd: ticket.flowEnd ?? null,
      integrationRun: ticket.integrationRun ?? null,
      handedOver: ticket.handedOver ?? false,
      aiError: ticket.aiError ?? null,
      tags: ticketTags,
      createdAt: ticket.createdAt.toISOString(),
      updatedAt: ticket.updatedAt.toISOString(),
    };
  });
}

export async function ticketView(companyId: string, ticket: TicketDoc): Promise<Ticket> {
  const [view] = await ticketViews(companyId, [ticket]);
  return view!;
}
