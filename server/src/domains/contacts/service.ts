import { Types } from 'mongoose';
import type { Contact, ContactsPage, ContactSummary } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import { page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { MessageModel } from '../messages/model.js';
import { TicketNoteModel } from '../ticketNotes/model.js';
import { TicketTagModel } from '../tags/model.js';
import { publishTicketDeleted } from '../tickets/events.js';
import { refreshContactCopies } from '../tickets/contactCopy.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { deleteTickets } from '../tickets/writer.js';
import { toContact, toContactSummary } from './dto.js';
import { contactByKey } from './identity.js';
import { ContactModel, identityKeyOf, type ContactDoc, type ContactExtraInfoDoc } from './model.js';
import { contactsCreatedWithin, searchContacts } from './search.js';
import { createContact, deleteContact, updateContact } from './writer.js';

export interface ContactExtraInfoInput {
  id?: string;
  name: string;
  value?: string;
}

/** Validated by the shared schemas: number already normalised to digits, email lower-cased. */
export interface ContactInput {
  name?: string;
  number?: string;
  email?: string | null;
  extraInfo?: ContactExtraInfoInput[];
}

export interface ContactListQuery {
  searchParam: string;
  pageNumber: number;
  date?: string;
  dateStart?: string;
  dateEnd?: string;
}

/** Super users may address another company; everyone else stays in their own. */
function targetCompany(actor: AuthCredentials, companyId?: string): string {
  return actor.super && companyId ? companyId : actor.companyId;
}

export async function findContact(companyId: string, id: string): Promise<ContactDoc> {
  const contact = await ContactModel.findOne({ _id: id, companyId }).lean<ContactDoc>();
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return contact;
}

/** A person's number is one contact: in either form (identity.ts), whoever holds it. */
async function refuseDuplicateNumber(companyId: string, number: string, exceptId?: string): Promise<void> {
  const holder = await contactByKey(companyId, identityKeyOf({ number }));
  if (holder && String(holder._id) !== exceptId) throw new AppError('ERR_DUPLICATED_CONTACT');
}

/** The list as sent: entries whose id is known keep it, the others are new, the missing are gone. */
function replaceExtraInfo(current: ContactExtraInfoDoc[], sent: ContactExtraInfoInput[]): ContactExtraInfoDoc[] {
  const known = new Set(current.map((info) => String(info._id)));
  return sent.map((info) => ({
    _id: info.id && known.has(info.id) ? new Types.ObjectId(info.id) : new Types.ObjectId(),
    name: info.name,
    value: info.value ?? '',
  }));
}

export function createContactService(realtime: RealtimePublisher) {
  function announce(companyId: string, action: 'create' | 'update', contact: Contact): void {
    realtime.publish(companyId, 'contact', { action, contact });
  }

  return {
    async list(actor: AuthCredentials, query: ContactListQuery): Promise<ContactsPage> {
      const window = page(query.pageNumber);
      const from = query.date ?? query.dateStart;
      const to = query.date ?? query.dateEnd;
      const found =
        from || to
          ? await contactsCreatedWithin(actor.companyId, from ?? to!, to ?? from!, query.searchParam, window.skip, window.limit)
          : await searchContacts(actor.companyId, query.searchParam, window.skip, window.limit);
      return { contacts: found.rows.map(toContact), count: found.count, hasMore: found.hasMore };
    },

    /** Every contact of the company, in name order, for pickers (id, name, number, email). */
    async listAll(actor: AuthCredentials, companyId?: string): Promise<ContactSummary[]> {
      const rows = await ContactModel.find({ companyId: targetCompany(actor, companyId) }, { name: 1, number: 1, email: 1 })
        .sort({ nameKey: 1, _id: 1 })
        .lean<Pick<ContactDoc, '_id' | 'name' | 'number' | 'email'>[]>();
      return rows.map(toContactSummary);
    },

    async get(actor: AuthCredentials, id: string): Promise<Contact> {
      return toContact(await findContact(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: ContactInput): Promise<Contact> {
      const name = input.name ?? '';
      const number = input.number ?? '';
      await refuseDuplicateNumber(actor.companyId, number);
      const created = await createContact(actor.companyId, { name, number, email: input.email ?? '', extraInfo: replaceExtraInfo([], input.extraInfo ?? []) });
      const contact = toContact(created);
      announce(actor.companyId, 'create', contact);
      return contact;
    },

    /**
     * Updates the fields sent. A group's number is its WhatsApp group id, kept as the provider
     * gave it: a number sent for a group (the edit form always sends one) is ignored.
     */
    async update(actor: AuthCredentials, id: string, input: ContactInput): Promise<Contact> {
      const current = await findContact(actor.companyId, id);
      const set: Record<string, unknown> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.email !== undefined) set.email = input.email ?? '';
      if (input.number !== undefined && !current.isGroup && input.number !== current.number) {
        await refuseDuplicateNumber(actor.companyId, input.number, id);
        set.number = input.number;
      }
      if (input.extraInfo !== undefined) set.extraInfo = replaceExtraInfo(current.extraInfo ?? [], input.extraInfo);
      const updated = await updateContact(actor.companyId, id, set);
      if (!updated) throw new AppError('ERR_NO_CONTACT_FOUND');
      await refreshContactCopies(updated);
      const contact = toContact(updated);
      announce(actor.companyId, 'update', contact);
      return contact;
    },

    /**
     * Deletes the contact with its conversation history: its tickets, their messages, tags and
     * notes go too (the spec's screen warns that related tickets are lost; keeping tickets without
     * a contact would leave inbox rows nobody can answer). Messages it wrote as a participant of
     * a group ticket stay in that ticket, shown without a sender. Each removed ticket is announced
     * on the ticket channel. No transactions on FerretDB: children go first, the contact last, so
     * an interrupted delete can simply be repeated.
     */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const { companyId } = actor;
      const contact = await findContact(companyId, id);
      const tickets = await TicketModel.find({ companyId, contactId: id }).lean<TicketDoc[]>();
      for (const ticket of tickets) {
        const scope = { companyId, ticketId: ticket._id };
        await Promise.all([MessageModel.deleteMany(scope), TicketTagModel.deleteMany(scope), TicketNoteModel.deleteMany(scope)]);
      }
      await deleteTickets(companyId, tickets);
      await TicketNoteModel.deleteMany({ companyId, contactId: id });
      await deleteContact(companyId, contact);
      for (const ticket of tickets) publishTicketDeleted(realtime, ticket);
      realtime.publish(companyId, 'contact', { action: 'delete', contactId: id });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
