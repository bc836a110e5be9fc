import { Joi } from './joi.js';
import { NOTE_MAX, NOTE_MIN } from '../domain/contacts.js';
import { id } from './common.js';

export const ticketNoteCreateSchema = Joi.object({
  ticketId: id.required(),
  contactId: id.required(),
  note: Joi.string().trim().min(NOTE_MIN).max(NOTE_MAX).required(),
});

/** GET /ticket-notes/list: the notes of a ticket (contactId, when sent, must be the ticket's). */
export const ticketNoteListQuery = Joi.object({
  ticketId: id.required(),
  contactId: id,
});
