import type { TicketNote } from '@atende/shared';
import type { TicketNoteDoc } from './model.js';

export function toTicketNote(doc: TicketNoteDoc, user: { id: string; name: string } | null): TicketNote {
  return {
    id: String(doc._id),
    ticketId: String(doc.ticketId),
    contactId: String(doc.contactId),
    userId: doc.userId ? String(doc.userId) : null,
    user,
    note: doc.note,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
