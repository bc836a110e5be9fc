/**
 * Tickets as the clients see them: contact, user, queue, connection and tags joined in the
 * service with one `$in` query per collection (no $lookup on FerretDB).
 */
import type { Ticket } from '@atende/shared';
import type { Types } from 'mongoose';
import { findByIds } from '../../platform/database/models.js';
import { ContactModel, type ContactDoc } from '../contacts/model.js';
import { QueueModel, type QueueDoc } from '../queues/model.js';
import { TagModel, TicketTagModel, type TagDoc, type TicketTagDoc } from '../tags/model.js';
import { UserModel, type UserDoc } from '../users/model.js';
import { WhatsappModel, type WhatsappDoc } from '../whatsapp/model.js';
import type { TicketDoc } from './model.js';

function byId<T extends { _id: Types.ObjectId }>(rows: T[]): Map<string, T> {
  return new Map(rows.map((row) => [String(row._id), row]));
}

export async function ticketViews(companyId: string, tickets: TicketDoc[]): Promise<Ticket[]> {
  if (tickets.length === 0) return [];
  const ticketIds = tickets.map((t) => t._id);
  const [contacts, users, queues, whatsapps, links] = await Promise.all([
    findByIds(ContactModel, companyId, tickets.map((t) => t.contactId)) as Promise<ContactDoc[]>,
    findByIds(UserModel, companyId, tickets.map((t) => t.userId), { name: 1 }) as Promise<Pick<UserDoc, '_id' | 'name'>[]>,
    findByIds(QueueModel, companyId, tickets.map((t) => t.queueId), { name: 1, color: 1 }) as Promise<Pick<QueueDoc, '_id' | 'name' | 'color'>[]>,
    findByIds(WhatsappModel, companyId, tickets.map((t) => t.whatsappId), { name: 1 }) as Promise<Pick<WhatsappDoc, '_id' | 'name'>[]>,
    tickets.length === 1
      ? TicketTagModel.find({ companyId, ticketId: ticketIds[0] }).lean<TicketTagDoc[]>()
      : TicketTagModel.find({ companyId, ticketId: { $in: ticketIds } }).lean<TicketTagDoc[]>(),
  ]);
  const tags = byId((await findByIds(TagModel, companyId, links.map((l) => l.tagId))) as TagDoc[]);
  const contactById = byId(contacts);
  const userById = byId(users);
  const queueById = byId(queues);
  const whatsappById = byId(whatsapps);

  return tickets.map((ticket) => {
    const contact = contactById.get(String(ticket.contactId));
    const user = ticket.userId ? userById.get(String(ticket.userId)) : undefined;
    const queue = ticket.queueId ? queueById.get(String(ticket.queueId)) : undefined;
    const whatsapp = ticket.whatsappId ? whatsappById.get(String(ticket.whatsappId)) : undefined;
    const ticketTags = links
      .filter((link) => String(link.ticketId) === String(ticket._id))
      .map((link) => tags.get(String(link.tagId)))
      .filter((tag): tag is TagDoc => tag !== undefined)
      .map((tag) => ({ id: String(tag._id), name: tag.name, color: tag.color }));
    return {
      id: String(ticket._id),
      uuid: ticket.uuid,
      status: ticket.status,
      contactId: String(ticket.contactId),
      contact: contact
        ? {
            id: String(contact._id),
            name: contact.name,
            number: contact.number,
            email: contact.email ?? '',
            profilePicUrl: contact.profilePicUrl ?? '',
            isGroup: Boolean(contact.isGroup),
          }
        : null,
      userId: ticket.userId ? String(ticket.userId) : null,
      user: user ? { id: String(user._id), name: user.name } : null,
      queueId: ticket.queueId ? String(ticket.queueId) : null,
      queue: queue ? { id: String(queue._id), name: queue.name, color: queue.color } : null,
      whatsappId: ticket.whatsappId ? String(ticket.whatsappId) : null,
      whatsapp: whatsapp ? { id: String(whatsapp._id), name: whatsapp.name } : null,
      isGroup: ticket.isGroup,
      chatbot: ticket.chatbot,
      lastMessage: ticket.lastMessage,
      unreadMessages: ticket.unreadMessages,
      useIntegration: ticket.useIntegration,
      promptId: ticket.promptId ? String(ticket.promptId) : null,
      integrationId: ticket.integrationId ? String(ticket.integrationId) : null,
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
