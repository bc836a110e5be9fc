/**
 * Where a message we start goes (the external send API, campaigns, scheduled messages): the
 * contact's open or pending ticket on the connection, else a new pending one (no agent sent it
 * from the inbox, so it waits for one like a customer's first message), announced when created.
 */
import type { Types } from 'mongoose';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { ContactDoc } from '../contacts/model.js';
import { findOrCreateContact } from '../contacts/identity.js';
import { publishTicket } from '../tickets/events.js';
import { activeTicketFor } from '../tickets/contactTickets.js';
import type { TicketDoc } from '../tickets/model.js';

export async function activeTicketOf(realtime: RealtimePublisher, companyId: string, whatsappId: Types.ObjectId, contact: ContactDoc): Promise<TicketDoc> {
  const { ticket, created } = await activeTicketFor(companyId, contact, whatsappId, { status: 'pending' });
  if (created) await publishTicket(realtime, ticket);
  return ticket;
}

/** The contact of the number (found or created) and its active ticket on the connection. */
export async function conversationWith(
  realtime: RealtimePublisher,
  companyId: string,
  whatsappId: Types.ObjectId,
  person: { number: string; name?: string },
): Promise<{ contact: ContactDoc; ticket: TicketDoc }> {
  const contact = await findOrCreateContact(companyId, person, realtime);
  return { contact, ticket: await activeTicketOf(realtime, companyId, whatsappId, contact) };
}
