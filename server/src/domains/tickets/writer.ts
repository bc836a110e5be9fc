/**
 * Every write of a ticket goes through here: it derives what lists and lookups find the ticket by
 * (listKeys, activeKey, ratingKey), since when it waits for an agent (waitingSince) and the time
 * zone its day counts are in (dayZone), keeps the lane and day counters current (laneCounts.ts), and refuses a
 * write computed from an outdated copy (`rev`), recomputing it from the stored ticket instead.
 * Writes of one ticket also run one after another in this process (platform/database/serial.ts).
 */
import { randomUUID } from 'node:crypto';
import type { QueryFilter, Types } from 'mongoose';
import { documentWrites } from '../../platform/database/serial.js';
import { listKeysOf } from './lanes.js';
import { applyDeltas, undoDeltas, type CompanyRef } from '../../platform/database/counters.js';
import { moveOf, type Counted } from './laneCounts.js';
import { ContactModel, type ContactDoc } from '../contacts/model.js';
import { companyTimeZone } from '../settings/timeZone.js';
import { contactCopyOf, TicketModel, type TicketContactCopy, type TicketDoc } from './model.js';
import { announceQueueEntered, enteredQueue } from './queueEntered.js';

const ACTIVE = new Set(['open', 'pending']);
const ATTEMPTS = 5;

/** The change of a ticket: fields to set, counters to add to. */
export interface TicketChange {
  $set?: Partial<Omit<TicketDoc, '_id' | 'companyId' | 'rev' | 'listKeys' | 'activeKey' | 'ratingKey' | 'unreadKey'>>;
  $inc?: Partial<Record<'unreadMessages' | 'messageCount' | 'amountUsedBotQueues', number>>;
}

export interface WriteOptions {
  /** The write is activity: the ticket moves to the top of its lists (default). False for bookkeeping. */
  touch?: boolean;
  /** Fields the stored ticket must still have (equal values) for the write to happen. */
  condition?: Partial<Record<keyof TicketDoc, unknown>>;
}

type TicketId = string | Types.ObjectId;

function isTicket(value: TicketDoc | TicketId): value is TicketDoc {
  return typeof value === 'object' && 'rev' in value;
}

function positionOf(ticket: Pick<TicketDoc, 'companyId' | 'status' | 'queueId' | 'userId' | 'updatedAt' | 'createdAt' | 'acceptedAt' | 'closedAt' | 'dayZone'>): Counted {
  const { companyId, status, queueId, userId, updatedAt, createdAt, acceptedAt, closedAt, dayZone } = ticket;
  return { companyId, status, queueId, userId, updatedAt, createdAt, acceptedAt: acceptedAt ?? null, closedAt: closedAt ?? null, dayZone: dayZone ?? null };
}

/** A contact on a connection: the key of its active ticket and of its tickets awaiting a rating. */
export function pairKey(contactId: unknown, whatsappId: unknown): string {
  return `${String(contactId)}:${String(whatsappId)}`;
}

/** What lists and lookups find a ticket by, from its fields. */
export function derivedKeys(
  ticket: Pick<TicketDoc, '_id' | 'companyId' | 'status' | 'queueId' | 'userId' | 'updatedAt' | 'contactId' | 'whatsappId' | 'awaitingRating' | 'unreadMessages'>,
) {
  const pair = pairKey(ticket.contactId, ticket.whatsappId);
  return {
    listKeys: listKeysOf(ticket),
    // Unique: one active ticket per contact and connection (an inactive one, or one whose
    // connection was deleted, holds its own id).
    activeKey: ACTIVE.has(ticket.status) && ticket.whatsappId ? pair : `~${String(ticket._id)}`,
    ratingKey: ticket.status === 'closed' && ticket.awaitingRating ? pair : null,
    // The company's tickets with unread messages (few, whatever the company's size).
    unreadKey: ticket.unreadMessages > 0 ? String(ticket.companyId) : null,
  };
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return String(a) === String(b);
}

function holds(ticket: TicketDoc, condition: WriteOptions['condition']): boolean {
  return Object.entries(condition ?? {}).every(([field, value]) => same(ticket[field as keyof TicketDoc], value));
}

/**
 * Since when a ticket in `status` waits for an agent: kept while it stays pending, from `now` when
 * it enters pending (created so, returned, transferred to a queue), none once it leaves pending.
 */
export function waitingSinceOf(status: TicketDoc['status'], before: Pick<TicketDoc, 'status' | 'waitingSince' | 'createdAt'> | null, now: Date): Date | null {
  if (status !== 'pending') return null;
  // A pending ticket of an earlier release has waited since it was created, as far as we know.
  return before?.status === 'pending' ? (before.waitingSince ?? before.createdAt) : now;
}

/** The fields to write: the change applied to `base`, with the derived ones (`dayZone`: the company's zone now). */
function nextFields(base: TicketDoc, change: TicketChange, touch: boolean, dayZone: string): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...change.$set };
  for (const [field, step] of Object.entries(change.$inc ?? {})) fields[field] = (Number(base[field as keyof TicketDoc]) || 0) + (step ?? 0);
  fields.updatedAt = touch ? new Date(Math.max(Date.now(), base.updatedAt.getTime())) : base.updatedAt;
  fields.rev = (base.rev ?? 0) + 1;
  fields.dayZone = dayZone;
  fields.waitingSince = waitingSinceOf((fields.status as TicketDoc['status'] | undefined) ?? base.status, base, new Date());
  const next = { ...base, ...fields } as TicketDoc;
  const moved = base.status !== next.status || !same(base.queueId, next.queueId) || !same(base.userId, next.userId);
  fields.previousPosition = moved ? { status: base.status, userId: base.userId ?? null, queueId: base.queueId ?? null } : null;
  Object.assign(fields, derivedKeys(next));
  return fields;
}

async function readTicket(companyId: CompanyRef, id: TicketId): Promise<TicketDoc | null> {
  return TicketModel.findOne({ companyId, _id: id }).lean<TicketDoc>();
}

/**
 * Changes a ticket of a company and answers it as stored afterwards (null when it is gone or the
 * condition does not hold). `known` is a recent copy (saves a read) or the ticket's id.
 */
export async function updateTicket(companyId: CompanyRef, known: TicketDoc | TicketId, change: TicketChange, options: WriteOptions = {}): Promise<TicketDoc | null> {
  const id = isTicket(known) ? known._id : known;
  let entered = false;
  const dayZone = await companyTimeZone(companyId);
  const stored = await documentWrites.run(`Ticket:${String(id)}`, async () => {
    let base = isTicket(known) ? known : await readTicket(companyId, id);
    for (let attempt = 0; attempt < ATTEMPTS && base; attempt++) {
      if (!holds(base, options.condition)) return null;
      const fields = nextFields(base, change, options.touch ?? true, dayZone);
      const move = moveOf(positionOf(base), positionOf({ ...base, ...fields } as TicketDoc));
      await applyDeltas(companyId, move.grow);
      let written: TicketDoc | null;
      try {
        written = await TicketModel.findOneAndUpdate({ companyId, _id: id, rev: base.rev ?? 0 } as QueryFilter<TicketDoc>, { $set: fields }, { returnDocument: 'after', timestamps: false }).lean<TicketDoc>();
      } catch (err) {
        await undoDeltas(companyId, move.grow);
        throw err;
      }
      if (written) {
        await applyDeltas(companyId, move.shrink);
        entered = enteredQueue(base, written);
        return written;
      }
      // Someone else wrote it meanwhile (another node, or our copy was old): redo from the stored one.
      await undoDeltas(companyId, move.grow);
      base = await readTicket(companyId, id);
    }
    if (base) throw new Error(`ticket ${String(id)} kept changing under ${ATTEMPTS} attempts to write it`);
    return null;
  });
  // Outside the ticket's serialisation: a listener may write the ticket itself.
  if (stored && entered) announceQueueEntered(stored);
  return stored;
}

/** Stores a new ticket (fields not given take the model's defaults) and counts it in its lanes. */
export async function createTicket(fields: { companyId: CompanyRef; contactId: TicketId } & Record<string, unknown>): Promise<TicketDoc> {
  const now = new Date();
  const contact = fields.contact ?? (await contactCopyFor(fields.companyId, fields.contactId));
  const dayZone = await companyTimeZone(fields.companyId);
  const status = (fields.status as TicketDoc['status'] | undefined) ?? 'pending';
  const doc = new TicketModel({ uuid: randomUUID(), createdAt: now, updatedAt: now, waitingSince: waitingSinceOf(status, null, (fields.createdAt as Date | undefined) ?? now), ...fields, contact, dayZone });
  const base = doc.toObject() as TicketDoc;
  doc.set(derivedKeys(base));
  const move = moveOf(null, positionOf(base));
  await applyDeltas(base.companyId, move.grow);
  try {
    await doc.save({ timestamps: false });
  } catch (err) {
    await undoDeltas(base.companyId, move.grow);
    throw err;
  }
  return doc.toObject() as TicketDoc;
}

/** The copy of a contact for a ticket whose caller did not bring it. */
async function contactCopyFor(companyId: CompanyRef, contactId: TicketId): Promise<TicketContactCopy | undefined> {
  const contact = await ContactModel.findOne({ companyId, _id: contactId }).lean<ContactDoc>();
  return contact ? contactCopyOf(contact) : undefined;
}

/** Removes tickets of a company (their messages, tags and notes are the caller's) and uncounts them. */
export async function deleteTickets(companyId: CompanyRef, tickets: TicketDoc[]): Promise<void> {
  for (const ticket of tickets) {
    await documentWrites.run(`Ticket:${String(ticket._id)}`, async () => {
      const removed = await TicketModel.findOneAndDelete({ companyId, _id: ticket._id }).lean<TicketDoc>();
      if (removed) await applyDeltas(companyId, moveOf(positionOf(removed), null).shrink);
    });
  }
}
