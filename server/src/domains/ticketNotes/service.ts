import type { Types } from 'mongoose';
import type { TicketNote } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { findContact } from '../contacts/service.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { canSee, viewerOf } from '../tickets/visibility.js';
import { UserModel, type UserDoc } from '../users/model.js';
import { toTicketNote } from './dto.js';
import { TicketNoteModel, type TicketNoteDoc } from './model.js';
import { noteTicketRef } from './realtime.js';

export interface TicketNoteInput {
  ticketId: string;
  contactId: string;
  note: string;
}

/** A ticket of the company that the actor may see (the inbox's queue rules), or an error. */
async function visibleTicket(actor: AuthCredentials, ticketId: string): Promise<TicketDoc> {
  const ticket = await TicketModel.findOne({ _id: ticketId, companyId: actor.companyId }).lean<TicketDoc>();
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (!canSee(await viewerOf(actor), ticket)) throw new AppError('ERR_NO_PERMISSION');
  return ticket;
}

async function authors(companyId: string | Types.ObjectId, userIds: (Types.ObjectId | null)[]): Promise<Map<string, { id: string; name: string }>> {
  const ids = [...new Set(userIds.filter((id): id is Types.ObjectId => id !== null).map(String))];
  const users = await UserModel.find({ companyId, _id: { $in: ids } }, { name: 1 }).lean<Pick<UserDoc, '_id' | 'name'>[]>();
  return new Map(users.map((user) => [String(user._id), { id: String(user._id), name: user.name }]));
}

function isManager(actor: AuthCredentials): boolean {
  return actor.super || actor.profile === 'admin';
}

export function createTicketNoteService(realtime: RealtimePublisher) {
  return {
    async create(actor: AuthCredentials, input: TicketNoteInput): Promise<TicketNote> {
      const ticket = await visibleTicket(actor, input.ticketId);
      await findContact(actor.companyId, input.contactId);
      if (String(ticket.contactId) !== input.contactId) {
        const rule = 'ticket.contact';
        throw new AppError('ERR_VALIDATION', { field: 'contactId', rule }, `payload contactId: is not the contact of this ticket (${rule})`);
      }
      const created = await TicketNoteModel.create({
        companyId: actor.companyId,
        ticketId: input.ticketId,
        contactId: input.contactId,
        userId: actor.userId,
        note: input.note,
      });
      const doc = created.toObject() as TicketNoteDoc;
      const author = (await authors(actor.companyId, [doc.userId])).get(actor.userId) ?? null;
      const note = toTicketNote(doc, author);
      realtime.publish(actor.companyId, 'ticketNote', { action: 'create', note, ticket: noteTicketRef(ticket) });
      return note;
    },

    /** The notes of a ticket, newest first, each with its author. */
    async list(actor: AuthCredentials, query: { ticketId: string; contactId?: string }): Promise<TicketNote[]> {
      await visibleTicket(actor, query.ticketId);
      const filter: Record<string, unknown> = { companyId: actor.companyId, ticketId: query.ticketId };
      if (query.contactId) filter.contactId = query.contactId;
      const rows = await TicketNoteModel.find(filter).sort({ createdAt: -1, _id: -1 }).lean<TicketNoteDoc[]>();
      const users = await authors(actor.companyId, rows.map((row) => row.userId));
      return rows.map((row) => toTicketNote(row, users.get(String(row.userId)) ?? null));
    },

    /** Only the author, an admin or a super user deletes a note. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const note = await TicketNoteModel.findOne({ _id: id, companyId: actor.companyId }).lean<TicketNoteDoc>();
      if (!note) throw new AppError('ERR_NO_NOTE_FOUND');
      if (String(note.userId) !== actor.userId && !isManager(actor)) throw new AppError('ERR_NO_PERMISSION');
      await TicketNoteModel.deleteOne({ _id: id, companyId: actor.companyId });
      const ticket = await TicketModel.findOne({ _id: note.ticketId, companyId: actor.companyId }, { userId: 1, queueId: 1 }).lean<TicketDoc>();
      const ref = ticket ? { ticket: noteTicketRef(ticket) } : {};
      realtime.publish(actor.companyId, 'ticketNote', { action: 'delete', noteId: id, ticketId: String(note.ticketId), ...ref });
    },
  };
}
