/** Reading and writing a ticket's integration session (sessionModel.ts), keyed by the ticket. */
import { Types } from 'mongoose';
import type { TicketDoc } from '../../domains/tickets/model.js';
import { IntegrationSessionModel, type IntegrationSessionDoc } from './sessionModel.js';
import type { IntegrationSource } from './source.js';

export function sessionOf(ticket: Pick<TicketDoc, 'companyId' | '_id'>): Promise<IntegrationSessionDoc | null> {
  return IntegrationSessionModel.findOne({ companyId: ticket.companyId, ticketId: ticket._id }).lean<IntegrationSessionDoc>();
}

/** Whether the session was this source's (the same integration, or the same flow block's typebot). */
export function isSessionOf(session: IntegrationSessionDoc | null, source: IntegrationSource): session is IntegrationSessionDoc {
  if (!session) return false;
  if (source.integrationId) return String(session.integrationId ?? '') === source.integrationId;
  return !session.integrationId && Boolean(session.inline);
}

/** Whether the session still holds for the ticket: an agent who accepted the ticket since ended it. */
export function sessionHolds(session: IntegrationSessionDoc, ticket: Pick<TicketDoc, 'acceptedAt'>): boolean {
  return (session.acceptedAt?.getTime() ?? 0) === (ticket.acceptedAt?.getTime() ?? 0);
}

/** Writes the ticket's session for this source (replacing another source's). */
export async function saveSession(
  ticket: Pick<TicketDoc, 'companyId' | '_id' | 'acceptedAt'>,
  source: IntegrationSource,
  fields: Partial<Pick<IntegrationSessionDoc, 'typebotSessionId' | 'choices' | 'lastMessageKey'>>,
): Promise<void> {
  const set = {
    integrationId: source.integrationId ? new Types.ObjectId(source.integrationId) : null,
    inline: source.inline,
    acceptedAt: ticket.acceptedAt ?? null,
    lastActivityAt: new Date(),
    ...fields,
  };
  await IntegrationSessionModel.updateOne({ companyId: ticket.companyId, ticketId: ticket._id }, { $set: set }, { upsert: true });
}

export function dropSession(ticket: Pick<TicketDoc, 'companyId' | '_id'>): Promise<unknown> {
  return IntegrationSessionModel.deleteOne({ companyId: ticket.companyId, ticketId: ticket._id });
}
