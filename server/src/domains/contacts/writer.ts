/**
 * Every write of a contact goes through here: it derives the keys the contact is found by
 * (searchKeys.ts) and keeps the name-prefix counters current (directory.ts). Changes of one contact
 * run one after another in this process (platform/database/serial.ts).
 */
import type { Types } from 'mongoose';
import { applyDeltas, undoDeltas, type CompanyRef } from '../../platform/database/counters.js';
import { documentWrites } from '../../platform/database/serial.js';
import { companyTimeZone } from '../settings/timeZone.js';
import { contactMove } from './directory.js';
import { ContactModel, identityKeyOf, nameKeyOf, type ContactDoc } from './model.js';
import { searchKeysOf } from './searchKeys.js';

export interface NewContact {
  _id?: Types.ObjectId;
  name: string;
  number: string;
  /** Derived from the number (identityKeyOf) unless given. */
  numberKey?: string;
  lid?: string | null;
  waNumber?: string;
  email?: string;
  isGroup?: boolean;
  profilePicUrl?: string;
  extraInfo?: unknown[];
  /** When it was created, for data brought from elsewhere; now by default. */
  createdAt?: Date;
}

/** The stored fields of a contact: what was given, its name and identity keys and its search keys. */
function storedFields(companyId: CompanyRef, contact: NewContact, createdAt: Date, dayZone: string): Record<string, unknown> {
  const nameKey = nameKeyOf(contact.name);
  return {
    ...contact,
    companyId,
    dayZone,
    nameKey,
    numberKey: contact.numberKey ?? identityKeyOf(contact),
    createdAt,
    updatedAt: createdAt,
    searchKeys: searchKeysOf({ nameKey, number: contact.number, email: contact.email ?? '', createdAt }),
  };
}

export async function createContact(companyId: CompanyRef, contact: NewContact): Promise<ContactDoc> {
  const doc = new ContactModel(storedFields(companyId, contact, contact.createdAt ?? new Date(), await companyTimeZone(companyId)));
  const move = contactMove(null, doc);
  await applyDeltas(companyId, move.grow);
  try {
    await doc.save({ timestamps: false });
  } catch (err) {
    await undoDeltas(companyId, move.grow);
    throw err;
  }
  return doc.toObject() as ContactDoc;
}

/**
 * Stores many contacts at once (an import); answers the ones stored. A contact refused by the
 * unique number (a race with another writer) is left out and uncounted.
 */
export async function createContacts(companyId: CompanyRef, contacts: NewContact[]): Promise<ContactDoc[]> {
  const now = new Date();
  const dayZone = await companyTimeZone(companyId);
  const docs = contacts.map((contact) => storedFields(companyId, contact, now, dayZone) as Record<string, unknown> & { nameKey: string; createdAt: Date; isGroup?: boolean });
  await applyDeltas(companyId, mergeDeltas(docs.flatMap((doc) => contactMove(null, doc).grow)));
  let inserted: { toObject(): unknown }[];
  try {
    inserted = await ContactModel.insertMany(docs, { ordered: false });
  } catch (err) {
    // Some were refused (a number taken meanwhile): the others are stored all the same.
    const partial = (err as { insertedDocs?: { toObject(): unknown }[] }).insertedDocs;
    if (!partial) {
      await undoDeltas(companyId, mergeDeltas(docs.flatMap((doc) => contactMove(null, doc).grow)));
      throw err;
    }
    inserted = partial;
  }
  const stored = inserted.map((doc) => doc.toObject() as ContactDoc);
  const landed = new Set(stored.map((doc) => doc.numberKey));
  const refused = docs.filter((doc) => !landed.has(doc.numberKey as string));
  if (refused.length > 0) await undoDeltas(companyId, mergeDeltas(refused.flatMap((doc) => contactMove(null, doc).grow)));
  return stored;
}

/** Adds up deltas of the same counter (one write each). */
function mergeDeltas(deltas: { key: string; parts: Record<string, number>; count: number }[]) {
  const byKey = new Map<string, { key: string; parts: Record<string, number>; count: number }>();
  for (const delta of deltas) {
    const merged = byKey.get(delta.key) ?? { key: delta.key, parts: {}, count: 0 };
    merged.count += delta.count;
    for (const [part, step] of Object.entries(delta.parts)) merged.parts[part] = (merged.parts[part] ?? 0) + step;
    byKey.set(delta.key, merged);
  }
  return [...byKey.values()];
}

/**
 * The identity fields of a renumbered contact: the key of its new number (a contact waiting for a
 * merge takes its own when it is free), and nothing known yet of the new number on WhatsApp.
 */
function renumbered(current: ContactDoc, next: ContactDoc, set: Record<string, unknown>): Record<string, unknown> {
  if (typeof set.number !== 'string' || set.number === current.number || 'numberKey' in set) return {};
  return { numberKey: identityKeyOf(next), ...(current.mergedInto ? {} : { duplicateKey: null }), ...('waNumber' in set ? {} : { waNumber: '' }) };
}

/** Changes a contact (name, number, e-mail, picture, extra info, identity) and answers it as stored; null when it is gone. */
export async function updateContact(companyId: CompanyRef, id: Types.ObjectId | string, set: Record<string, unknown>): Promise<ContactDoc | null> {
  const dayZone = await companyTimeZone(companyId);
  return documentWrites.run(`Contact:${String(id)}`, async () => {
    // Redone when another node moved the contact to another zone's day meanwhile (dashboard/rezone.ts).
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await ContactModel.findOne({ companyId, _id: id }).lean<ContactDoc>();
      if (!current) return null;
      const next = { ...current, ...set, dayZone } as ContactDoc;
      if (typeof set.name === 'string') next.nameKey = nameKeyOf(set.name);
      const fields: Record<string, unknown> = { ...set, ...renumbered(current, next, set), nameKey: next.nameKey, searchKeys: searchKeysOf(next), dayZone };
      const move = contactMove(current, next);
      await applyDeltas(companyId, move.grow);
      let updated: ContactDoc | null;
      try {
        updated = await ContactModel.findOneAndUpdate({ companyId, _id: id, dayZone: current.dayZone ?? null }, { $set: fields }, { returnDocument: 'after' }).lean<ContactDoc>();
      } catch (err) {
        await undoDeltas(companyId, move.grow);
        throw err;
      }
      if (updated) {
        await applyDeltas(companyId, move.shrink);
        return updated;
      }
      await undoDeltas(companyId, move.grow);
    }
    return null;
  });
}

export async function deleteContact(companyId: CompanyRef, contact: ContactDoc): Promise<void> {
  await documentWrites.run(`Contact:${String(contact._id)}`, async () => {
    const removed = await ContactModel.findOneAndDelete({ companyId, _id: contact._id }).lean<ContactDoc>();
    if (removed) await applyDeltas(companyId, contactMove(removed, null).shrink);
  });
}
