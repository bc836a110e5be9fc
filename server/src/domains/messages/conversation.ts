/**
 * Where a message we start goes (the external send API, campaigns): the contact of the number,
 * found or created, and its open or pending ticket on the connection, else a new pending one
 * (no agent sent it, so it waits for one like a customer's first message).
 */
import type { Types } from 'mongoose';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { ContactDoc } from '../contacts/model.js';
import { findOrCreateContact } from '../contacts/service.js';
import { publishTicket } from '../tickets/events.js';
import { activeTicketFor } from '../tickets/contactTickets.js';
import type { TicketDoc } from '../tickets/model.js';

export async function conversationWith(
  realtime: RealtimePublisher,
  companyId: string,
  whatsappId: Types.ObjectId,
  person: { number: string; name?: string },
): Promise<{ contact: ContactDoc; ticket: TicketDoc }> {
  const contact = await findOrCreateContact(companyId, person, realtime);
  const { ticket, created } = await activeTicketFor(companyId, contact, whatsappId, { status: 'pending' });
  if (created) await publishTicket(realtime, ticket);
  return { contact, ticket };
}
