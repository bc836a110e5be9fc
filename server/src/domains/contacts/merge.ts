/**
 * Merging two contacts of one person: everything of `drop` (its tickets with their messages and
 * tags, its notes, its scheduled messages, the messages it wrote in groups, its extra information)
 * goes to `keep`, and `drop` is deleted. No transactions on FerretDB, so every step can run again:
 * `drop` is marked first (`mergedInto`: lookups answer `keep` from then on, and the operators' dry
 * run lists it until it is gone), each step moves what still points at `drop`, and `drop` goes
 * last. A merge cut by a crash is finished by running it again (the same pair, or
 * POST /contacts/merge, or the person's next message).
 *
 * Two active tickets on one connection (the person wrote under both identities): one stays, the
 * ticket an agent accepted rather than a pending one, else the older. The other is closed, its
 * messages stay in it (the contact's previous tickets), and a note on both says where the
 * conversation went. Conversations are not spliced: each message keeps its place in its ticket.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { createI18n, type FlowRunEndReason, type Language } from '@atende/shared';
import { keyedSerial, updateDocument } from '../../platform/database/serial.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { MessageModel } from '../messages/model.js';
import { toSchedule } from '../schedules/dto.js';
import { ScheduleModel, type ScheduleDoc } from '../schedules/model.js';
import { toTicketNote } from '../ticketNotes/dto.js';
import { TicketNoteModel, type TicketNoteDoc } from '../ticketNotes/model.js';
import { noteTicketRef } from '../ticketNotes/realtime.js';
import { refreshContactCopies } from '../tickets/contactCopy.js';
import { findActiveTicket } from '../tickets/contactTickets.js';
import { publishTicket } from '../tickets/events.js';
import { contactCopyOf, TicketModel, type TicketDoc } from '../tickets/model.js';
import { updateTicket } from '../tickets/writer.js';
import { toContact } from './dto.js';
import { ContactModel, type ContactDoc, type ContactExtraInfoDoc } from './model.js';
import { deleteContact, updateContact } from './writer.js';

export interface MergeContext {
  realtime?: RealtimePublisher;
  /** Language of the notes the merge writes on tickets it closes. */
  language: Language;
  /** Ends the flow run of a ticket the merge closes (automation/flows). */
  leaveFlow?: (companyId: string, ticketId: TicketDoc['_id'], reason: FlowRunEndReason) => Promise<boolean>;
}

type Id = Types.ObjectId | string;

/** Messages moved to the kept contact at once. */
const MESSAGE_BATCH = 50;

/** Merges of a company, one at a time in this process (two of them may share a contact). */
const merges = keyedSerial();

/** A name that only repeats a number (as contacts first seen on WhatsApp are named). */
export function isPlaceholderName(contact: Pick<ContactDoc, 'name' | 'number'>): boolean {
  const name = contact.name.trim();
  return !name || /^[\d\s+().-]+$/.test(name) || name === contact.number;
}

/** An id derived from a text: a step that writes it again after a crash finds it written. */
function derivedId(text: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(text).digest('hex').slice(0, 24));
}

function isActive(ticket: TicketDoc): boolean {
  return (ticket.status === 'open' || ticket.status === 'pending') && ticket.whatsappId !== null;
}

/** Of two active tickets of one person on a connection: the one that stays open (see the header). */
function stayingOf(a: TicketDoc, b: TicketDoc): TicketDoc {
  if (a.status !== b.status) return a.status === 'open' ? a : b;
  return a.createdAt.getTime() < b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && String(a._id) < String(b._id)) ? a : b;
}

function label(contact: ContactDoc): string {
  return isPlaceholderName(contact) ? contact.number : `${contact.name} (${contact.number})`;
}

export function createContactMerger(context: MergeContext) {
  const { realtime } = context;
  const texts = createI18n(context.language);

  async function contactOf(companyId: string, id: Id): Promise<ContactDoc | null> {
    return ContactModel.findOne({ companyId, _id: id }).lean<ContactDoc>();
  }

  /** What `keep` takes of `drop`: what it lacks, and what would be lost (another name, e-mail) as extra information. */
  function combined(keep: ContactDoc, drop: ContactDoc): Record<string, unknown> {
    const set: Record<string, unknown> = {};
    const keepNamed = !isPlaceholderName(keep);
    const dropNamed = !isPlaceholderName(drop);
    if (!keepNamed && dropNamed) set.name = drop.name;
    if (!keep.email && drop.email) set.email = drop.email;
    if (!keep.profilePicUrl && drop.profilePicUrl) set.profilePicUrl = drop.profilePicUrl;
    if (!keep.lid && drop.lid) set.lid = drop.lid;
    if (!keep.waNumber && drop.waNumber) set.waNumber = drop.waNumber;
    const extra: ContactExtraInfoDoc[] = [...(keep.extraInfo ?? [])];
    const has = (name: string, value: string) => extra.some((info) => info.name === name && (info.value ?? '') === value);
    const add = (info: { name: string; value: string }, key: string) => {
      if (!has(info.name, info.value)) extra.push({ _id: derivedId(`${String(drop._id)}:${key}`), name: info.name, value: info.value });
    };
    for (const [index, info] of (drop.extraInfo ?? []).entries()) add({ name: info.name, value: info.value ?? '' }, `extra:${index}`);
    if (keepNamed && dropNamed && drop.name !== keep.name) add({ name: texts.t('inbox.mergedName'), value: drop.name }, 'name');
    if (keep.email && drop.email && drop.email !== keep.email) add({ name: texts.t('inbox.mergedEmail'), value: drop.email }, 'email');
    if (extra.length > (keep.extraInfo ?? []).length) set.extraInfo = extra;
    return set;
  }

  /** A note Atende writes on a ticket (no author), once however often the step runs. */
  async function writeNote(ticket: TicketDoc, contactId: Types.ObjectId, key: string, note: string): Promise<void> {
    const _id = derivedId(`${String(ticket._id)}:${key}`);
    if (await TicketNoteModel.exists({ companyId: ticket.companyId, _id })) return;
    const created = await TicketNoteModel.create({ _id, companyId: ticket.companyId, ticketId: ticket._id, contactId, userId: null, note });
    realtime?.publish(String(ticket.companyId), 'ticketNote', { action: 'create', note: toTicketNote(created.toObject() as TicketNoteDoc, null), ticket: noteTicketRef(ticket) });
  }

  /** Closes the ticket that does not stay, with a note on both saying where the conversation goes on. */
  async function closeRival(closing: TicketDoc, staying: TicketDoc, keep: ContactDoc, drop: ContactDoc): Promise<void> {
    const companyId = String(closing.companyId);
    const names = { keep: label(keep), drop: label(drop) };
    await writeNote(closing, keep._id, 'merge-closed', texts.t('inbox.mergedTicketClosed', { ...names, ticket: String(staying._id) }));
    await writeNote(staying, keep._id, `merge-kept:${String(closing._id)}`, texts.t('inbox.mergedTicketKept', { ...names, ticket: String(closing._id) }));
    const closed = await updateTicket(companyId, closing._id, {
      $set: { status: 'closed', closedAt: new Date(), chatbot: false, queueOptionId: null, awaitingRating: false, useIntegration: false, promptId: null, integrationId: null, flowRun: null },
    });
    if (closing.flowRun) await context.leaveFlow?.(companyId, closing._id, 'closed');
    if (closed && realtime) await publishTicket(realtime, closed);
  }

  /** Every ticket of `drop` becomes `keep`'s; two active ones on a connection leave one open. */
  async function moveTickets(companyId: string, keep: ContactDoc, drop: ContactDoc): Promise<void> {
    const tickets = await TicketModel.find({ companyId, contactId: drop._id }).lean<TicketDoc[]>();
    for (const ticket of tickets) {
      if (isActive(ticket)) {
        const rival = await findActiveTicket(companyId, keep._id, ticket.whatsappId);
        if (rival) {
          const staying = stayingOf(rival, ticket);
          await closeRival(staying === rival ? ticket : rival, staying, keep, drop);
        }
      }
      const moved = await updateTicket(companyId, ticket._id, { $set: { contactId: keep._id, contact: contactCopyOf(keep) } }, { touch: false });
      if (moved && realtime) await publishTicket(realtime, moved);
    }
  }

  async function moveSchedules(companyId: string, keep: ContactDoc, drop: ContactDoc): Promise<void> {
    const schedules = await ScheduleModel.find({ companyId, contactId: drop._id }, { _id: 1 }).lean<Pick<ScheduleDoc, '_id'>[]>();
    for (const { _id } of schedules) {
      const moved = await updateDocument(ScheduleModel, companyId, _id, { $set: { contactId: keep._id, contact: { name: keep.name, number: keep.number } } });
      if (moved) realtime?.publish(companyId, 'schedule', { action: 'update', schedule: toSchedule(moved) });
    }
  }

  /** Messages `drop` wrote (in its tickets, and in groups), each through its own write queue. */
  async function moveMessages(companyId: string, keep: ContactDoc, drop: ContactDoc): Promise<void> {
    const messages = await MessageModel.find({ companyId, contactId: drop._id }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
    for (let start = 0; start < messages.length; start += MESSAGE_BATCH) {
      const batch = messages.slice(start, start + MESSAGE_BATCH);
      await Promise.all(batch.map(({ _id }) => updateDocument(MessageModel, companyId, _id, { $set: { contactId: keep._id } }, { contactId: drop._id })));
    }
  }

  async function merge(companyId: string, keepId: string, dropId: string): Promise<ContactDoc> {
    let drop = await contactOf(companyId, dropId);
    // A merge begun into another contact finishes there.
    const target = drop?.mergedInto ? String(drop.mergedInto) : keepId;
    let keep = await contactOf(companyId, target);
    // Deleted meanwhile: nothing to merge into (a waiting contact then takes its own key, duplicates.ts).
    if (!keep) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (!drop) return keep;
    if (String(keep._id) === String(drop._id) || keep.isGroup || drop.isGroup || keep.mergedInto) {
      throw new Error(`contacts ${String(keep._id)} and ${String(drop._id)} cannot be merged`);
    }
    if (!drop.mergedInto) drop = (await updateContact(companyId, drop._id, { mergedInto: keep._id, duplicateKey: companyId })) ?? drop;
    const set = combined(keep, drop);
    if (Object.keys(set).length > 0) keep = (await updateContact(companyId, keep._id, set)) ?? keep;
    await moveTickets(companyId, keep, drop);
    await TicketNoteModel.updateMany({ companyId, contactId: drop._id }, { $set: { contactId: keep._id } });
    await moveSchedules(companyId, keep, drop);
    await moveMessages(companyId, keep, drop);
    await refreshContactCopies(keep);
    await deleteContact(companyId, drop);
    realtime?.publish(companyId, 'contact', { action: 'delete', contactId: String(drop._id) });
    realtime?.publish(companyId, 'contact', { action: 'update', contact: toContact(keep) });
    return keep;
  }

  return {
    /**
     * Merges `dropId` into `keepId` (see the header) and answers the kept contact. Running it again
     * finishes a merge a crash cut; a pair already merged answers the kept contact at once.
     */
    merge(companyId: string, keepId: Id, dropId: Id): Promise<ContactDoc> {
      return merges.run(companyId, () => merge(companyId, String(keepId), String(dropId)));
    },
  };
}

export type ContactMerger = ReturnType<typeof createContactMerger>;
