/**
 * Data upgrade "contact-identity-1": contacts of earlier releases get their identity (identity.ts).
 * Each takes its number's key; where a company holds one person twice (a Brazilian mobile number
 * stored with and without its ninth digit), the oldest contact holds the key and each other one
 * waits for the operators' merge (`~<id>` as its key, `duplicateKey` set: `atende contacts merge
 * --dry-run` lists them). Contacts numbered by a LID (the Baileys provider kept those LIDs) take it
 * as their `lid`. Every value is computed from the stored data, so running it again after a crash
 * gives the same result; it runs before the unique index on the key is built.
 */
import type { AnyBulkWriteOperation, Db, Document, ObjectId } from 'mongodb';
import { eachBatch, type DataUpgrade } from '../../platform/database/upgrades.js';
import { identityKeyOf } from './model.js';

const BATCH = 1_000;

interface StoredContact {
  _id: ObjectId;
  companyId: unknown;
  number?: string;
  isGroup?: boolean;
  createdAt?: Date;
}

/** The identity key of a stored contact, and the company's key it competes for. */
function keysOf(contact: StoredContact, lids: Set<string>): { lid: string | null; numberKey: string; slot: string } {
  const number = String(contact.number ?? '');
  const lid = !contact.isGroup && lids.has(`${String(contact.companyId)}:${number}`) ? number : null;
  const numberKey = identityKeyOf({ number, isGroup: Boolean(contact.isGroup), lid });
  return { lid, numberKey, slot: `${String(contact.companyId)}:${numberKey}` };
}

function olderThan(a: { at: number; id: string }, b: { at: number; id: string }): boolean {
  return a.at < b.at || (a.at === b.at && a.id < b.id);
}

export const contactIdentityUpgrade: DataUpgrade = {
  id: 'contact-identity-1',
  async run(db: Db, log: (msg: string) => void) {
    const lids = new Set<string>();
    await eachBatch<Document>(db, 'baileyslids', BATCH, async (rows) => {
      for (const row of rows) lids.add(`${String(row.companyId)}:${String(row.lid)}`);
    }, log);
    // First pass: the oldest contact of each key holds it.
    const holders = new Map<string, { at: number; id: string }>();
    await eachBatch<StoredContact>(db, 'contacts', BATCH, async (contacts) => {
      for (const contact of contacts) {
        const { slot } = keysOf(contact, lids);
        const candidate = { at: contact.createdAt?.getTime() ?? 0, id: String(contact._id) };
        const holder = holders.get(slot);
        if (!holder || olderThan(candidate, holder)) holders.set(slot, candidate);
      }
    }, log);
    let waiting = 0;
    await eachBatch<StoredContact>(db, 'contacts', BATCH, async (contacts) => {
      const ops: AnyBulkWriteOperation<Document>[] = contacts.map((contact) => {
        const { lid, numberKey, slot } = keysOf(contact, lids);
        const holds = holders.get(slot)?.id === String(contact._id);
        if (!holds) waiting += 1;
        const identity = holds ? { numberKey, duplicateKey: null } : { numberKey: `~${String(contact._id)}`, duplicateKey: String(contact.companyId) };
        return { updateOne: { filter: { _id: contact._id }, update: { $set: { ...identity, lid, waNumber: '', mergedInto: null } } } };
      });
      if (ops.length > 0) await db.collection('contacts').bulkWrite(ops, { ordered: false });
    }, log);
    if (waiting > 0) log(`data upgrade contact-identity-1: ${waiting} contact(s) are a person stored twice; \`atende contacts merge --dry-run\` lists them`);
  },
};
