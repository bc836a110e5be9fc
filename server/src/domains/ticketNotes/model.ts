import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export interface TicketNoteDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  ticketId: Types.ObjectId;
  contactId: Types.ObjectId;
  /** The author; null for a note Atende wrote itself (a contact merge). */
  userId: Types.ObjectId | null;
  note: string;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketNoteModel = tenantModel<TicketNoteDoc>(
  'TicketNote',
  {
    ticketId: { type: ObjectId, ref: 'Ticket', required: true },
    contactId: { type: ObjectId, ref: 'Contact', required: true },
    userId: { type: ObjectId, ref: 'User', default: null },
    note: { type: String, required: true },
  },
  (schema) => {
    // The notes of a ticket, newest first.
    schema.index({ companyId: 1, ticketId: 1, createdAt: -1 });
    schema.index({ companyId: 1, contactId: 1 });
    engineKeys(schema, ['ticketId', 'contactId']);
  },
);
