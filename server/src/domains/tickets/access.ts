/** Loading a ticket for an actor: not found in another company, refused outside their queues. */
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import { TicketModel, type TicketDoc } from './model.js';
import { canSee, viewerOf, type Viewer } from './visibility.js';

export async function findTicket(companyId: string, ref: string): Promise<TicketDoc> {
  const filter = /^[0-9a-f]{24}$/i.test(ref) ? { companyId, _id: ref } : { companyId, uuid: ref };
  const ticket = await TicketModel.findOne(filter).lean<TicketDoc>();
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  return ticket;
}

/** The ticket, if the actor may see and act on it (document 1 section 6). */
export async function ticketForActor(actor: AuthCredentials, ref: string): Promise<{ ticket: TicketDoc; viewer: Viewer }> {
  const ticket = await findTicket(actor.companyId, ref);
  const viewer = await viewerOf(actor);
  if (!canSee(viewer, ticket)) throw new AppError('ERR_NO_PERMISSION');
  return { ticket, viewer };
}
