/**
 * Tickets, ratings and contacts written straight into the models with chosen instants, so the
 * dashboard's figures can be asserted exactly (the ticket API sets its own times).
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import type { TicketStatus } from '@atende/shared';
import { createContact } from '../../src/domains/contacts/writer.js';
import { recordRating } from '../../src/domains/tickets/ratings.js';
import { createTicket } from '../../src/domains/tickets/writer.js';

/** An instant given as "YYYY-MM-DD HH:mm" (UTC), or a Date as is. */
export type When = string | Date;

export function at(when: When): Date {
  return when instanceof Date ? when : new Date(`${when.replace(' ', 'T')}:00.000Z`);
}

let numberSeed = 0;

export async function seedContact(companyId: string, createdAt: When, extra: { isGroup?: boolean } = {}): Promise<string> {
  numberSeed += 1;
  const contact = await createContact(companyId, {
    name: `Dash contact ${numberSeed}`,
    number: `55199${String(numberSeed).padStart(8, '0')}`,
    isGroup: extra.isGroup ?? false,
    createdAt: at(createdAt),
  });
  return String(contact._id);
}

export interface SeedTicket {
  contactId: string;
  status: TicketStatus;
  userId?: string | null;
  created: When;
  accepted?: When | null;
  closed?: When | null;
}

/** A ticket with its creation day and hour derived from `created`, as the tickets service stores them. */
export async function seedTicket(companyId: string, ticket: SeedTicket): Promise<string> {
  const createdAt = at(ticket.created);
  const created = await createTicket({
    companyId,
    uuid: randomUUID(),
    contactId: ticket.contactId,
    status: ticket.status,
    userId: ticket.userId ?? null,
    createdAt,
    acceptedAt: ticket.accepted ? at(ticket.accepted) : null,
    closedAt: ticket.closed ? at(ticket.closed) : null,
    createdDay: createdAt.toISOString().slice(0, 10),
    createdHour: createdAt.getUTCHours(),
  });
  return String(created._id);
}

export async function seedRating(companyId: string, userId: string, rate: number, createdAt: When): Promise<void> {
  await recordRating({ companyId, ticketId: new Types.ObjectId(), userId, rate, createdAt: at(createdAt) });
}
