/**
 * A contact's tickets on a connection, found by key (writer.ts derives them): the active one (open
 * or pending; at most one, a unique index says so) and the closed ones waiting for a rating.
 */
import type { Types } from 'mongoose';
import type { ContactDoc } from '../contacts/model.js';
import { toAppError } from '../../platform/errors.js';
import { contactCopyOf, TicketModel, type TicketDoc } from './model.js';
import { createTicket, pairKey } from './writer.js';

export function findActiveTicket(companyId: string, contactId: unknown, whatsappId: unknown): Promise<TicketDoc | null> {
  return TicketModel.findOne({ companyId, activeKey: pairKey(contactId, whatsappId) }).lean<TicketDoc>();
}

/** The newest closed ticket waiting for the contact's rating, if any. */
export async function findRatingTicket(companyId: string, contactId: unknown, whatsappId: unknown): Promise<TicketDoc | null> {
  const waiting = await TicketModel.find({ companyId, ratingKey: pairKey(contactId, whatsappId) }).lean<TicketDoc[]>();
  return waiting.sort((a, b) => (b.closedAt?.getTime() ?? 0) - (a.closedAt?.getTime() ?? 0))[0] ?? null;
}

/**
 * The contact's active ticket on the connection, or a new one with `fields`. Two callers racing to
 * create it (a customer's message and the send API) end up with the same ticket.
 */
export async function activeTicketFor(
  companyId: string,
  contact: ContactDoc,
  whatsappId: Types.ObjectId | string,
  fields: Record<string, unknown>,
): Promise<{ ticket: TicketDoc; created: boolean }> {
  const active = await findActiveTicket(companyId, contact._id, whatsappId);
  if (active) return { ticket: active, created: false };
  try {
    const ticket = await createTicket({ companyId, contactId: contact._id, whatsappId, contact: contactCopyOf(contact), isGroup: contact.isGroup, ...fields });
    return { ticket, created: true };
  } catch (err) {
    const raced = toAppError(err).code === 'ERR_OTHER_OPEN_TICKET' ? await findActiveTicket(companyId, contact._id, whatsappId) : null;
    if (!raced) throw err;
    return { ticket: raced, created: false };
  }
}
