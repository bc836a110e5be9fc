/**
 * Sending to a contact outside of an agent's conversation (the external send API, scheduled
 * messages): the contact's open or pending ticket on the connection, else a new pending one.
 */
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { ContactDoc } from '../contacts/model.js';
import { activeTicketFor } from '../tickets/contactTickets.js';
import { publishTicket } from '../tickets/events.js';
import type { TicketDoc } from '../tickets/model.js';
import type { WhatsappDoc } from '../whatsapp/model.js';

/**
 * The contact's active ticket on the connection, or a new pending one (nobody sent it from the
 * inbox, so it waits for an agent like a customer's first message), announced when created.
 */
export async function activeTicketOf(realtime: RealtimePublisher, companyId: string, whatsapp: Pick<WhatsappDoc, '_id'>, contact: ContactDoc): Promise<TicketDoc> {
  const { ticket, created } = await activeTicketFor(companyId, contact, whatsapp._id, { status: 'pending' });
  if (created) await publishTicket(realtime, ticket);
  return ticket;
}
