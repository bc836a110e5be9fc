/**
 * One contact per person. A person reaches the company by a number in either form (a Brazilian
 * mobile number with or without its ninth digit: one identity key, model.ts identityKeyOf) or by a
 * LID, WhatsApp's private id, with or without the number. Every way in finds the contact by the key
 * (or the LID), and a unique index on the key makes two racing creates of one person end as one
 * contact. When a message shows that two stored contacts are one person (a LID and a number, each
 * with its contact), they are merged (merge.ts).
 */
import { NAME_MAX, normaliseProviderNumber } from '@atende/shared';
import { AppError, toAppError } from '../../platform/errors.js';
import { keyedSerial } from '../../platform/database/serial.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { refreshContactCopies } from '../tickets/contactCopy.js';
import { toContact } from './dto.js';
import { createContactMerger, isPlaceholderName, type MergeContext } from './merge.js';
import { ContactModel, identityKeyOf, type ContactDoc } from './model.js';
import { createContact, updateContact } from './writer.js';

/** What a messaging network (or a caller writing to a number) knows of the other side of a conversation. */
export interface ProviderContact {
  /** Bare number or JID ("5511...@s.whatsapp.net", "1203...@g.us"). */
  number: string;
  /** Push name or group subject; '' when unknown. */
  name?: string;
  isGroup?: boolean;
  profilePicUrl?: string;
  /** The person's LID (digits), when the network gave one. */
  lid?: string;
  /** The number is the one the network wrote from: the person's id on WhatsApp. */
  fromNetwork?: boolean;
}

/** A contact being merged stands for the one it goes into. */
async function followed(contact: ContactDoc): Promise<ContactDoc> {
  if (!contact.mergedInto) return contact;
  return (await ContactModel.findOne({ companyId: contact.companyId, _id: contact.mergedInto }).lean<ContactDoc>()) ?? contact;
}

/** The contact holding an identity key (see the header), or null. */
export async function contactByKey(companyId: string, numberKey: string): Promise<ContactDoc | null> {
  const found = await ContactModel.findOne({ companyId, numberKey }).lean<ContactDoc>();
  return found ? followed(found) : null;
}

/** Writes what the network says of a known contact, and tells its tickets and the company. */
async function takeChanges(contact: ContactDoc, set: Record<string, unknown>, realtime?: RealtimePublisher): Promise<ContactDoc> {
  if (Object.keys(set).length === 0) return contact;
  const updated = await updateContact(contact.companyId, contact._id, set);
  if (!updated) return contact;
  await refreshContactCopies(updated);
  realtime?.publish(String(contact.companyId), 'contact', { action: 'update', contact: toContact(updated) });
  return updated;
}

/**
 * The network's news of a contact: a push name replaces the stored one only while that is empty or
 * just a number (a name typed by staff wins); the picture; the number it writes from.
 */
function news(contact: ContactDoc, input: { name: string; profilePicUrl?: string | undefined; waNumber?: string; lid?: string }): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  if (isPlaceholderName(contact) && input.name && input.name !== contact.name) set.name = input.name;
  if (input.profilePicUrl !== undefined && input.profilePicUrl !== contact.profilePicUrl) set.profilePicUrl = input.profilePicUrl;
  if (input.waNumber && input.waNumber !== contact.waNumber) set.waNumber = input.waNumber;
  if (input.lid && input.lid !== contact.lid) set.lid = input.lid;
  return set;
}

/**
 * The contact of a number (or group), found by its identity key or created: the inbound pipeline,
 * the send API, campaigns and scheduled messages reach people through here. Safe under
 * concurrency: when two callers race to create one person (in either form of the number), the
 * loser of the unique key re-reads and answers the winner's contact.
 */
export async function findOrCreateContact(companyId: string, input: ProviderContact, realtime?: RealtimePublisher): Promise<ContactDoc> {
  const isGroup = input.isGroup ?? false;
  const number = normaliseProviderNumber(input.number, isGroup);
  if (!number) throw new AppError('ERR_WAPP_INVALID_CONTACT');
  const lid = input.lid ? normaliseProviderNumber(input.lid, false) : '';
  const name = (input.name ?? '').trim().slice(0, NAME_MAX);
  // The number a person writes from is their id on WhatsApp (a LID is not a number).
  const waNumber = input.fromNetwork && !isGroup && number !== lid ? number : '';
  const seen = { name, profilePicUrl: input.profilePicUrl, ...(waNumber ? { waNumber } : {}), ...(lid ? { lid } : {}) };
  const numberKey = identityKeyOf({ number, isGroup, lid });
  const existing = await contactByKey(companyId, numberKey);
  if (existing) return takeChanges(existing, news(existing, seen), realtime);
  try {
    const doc = await createContact(companyId, { number, numberKey, isGroup, name: name || number, profilePicUrl: input.profilePicUrl ?? '', waNumber, ...(lid ? { lid } : {}) });
    realtime?.publish(companyId, 'contact', { action: 'create', contact: toContact(doc) });
    return doc;
  } catch (err) {
    if (toAppError(err).code !== 'ERR_DUPLICATED_CONTACT') throw err;
    const raced = await contactByKey(companyId, numberKey);
    if (!raced) throw err;
    return takeChanges(raced, news(raced, seen), realtime);
  }
}

/** The sender of a message, as the network names them: a number or group id, and a LID when it gave one. */
export interface Person {
  number: string;
  name: string;
  isGroup?: boolean;
  lid?: string;
}

/**
 * The contacts of a person in the inbound pipeline: found by number, by LID, or both, merging the
 * contacts a message shows to be one person. Lookups of one LID run one after another here (a LID
 * message and a number message of one person may arrive on different chats at once).
 */
export function createPersonDirectory(context: MergeContext) {
  const { realtime } = context;
  const merger = createContactMerger(context);
  const people = keyedSerial();

  /** The contacts that know the LID (or are numbered by it, as an earlier release left them); merges cut by a crash are finished. */
  async function withLid(companyId: string, lid: string): Promise<ContactDoc[]> {
    const found = await ContactModel.find({ companyId, lid }).lean<ContactDoc[]>();
    if (found.length === 0) {
      const numbered = await ContactModel.findOne({ companyId, numberKey: lid }).lean<ContactDoc>();
      if (numbered && !numbered.isGroup) found.push(numbered);
    }
    const live: ContactDoc[] = [];
    for (const contact of found) {
      if (contact.mergedInto) await merger.merge(companyId, contact.mergedInto, contact._id);
      else live.push(contact);
    }
    return live.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Merges `others` into `keep`, one by one; answers `keep` as it is afterwards. */
  async function absorb(companyId: string, keep: ContactDoc, others: ContactDoc[]): Promise<ContactDoc> {
    let kept = keep;
    for (const other of others) if (String(other._id) !== String(kept._id)) kept = await merger.merge(companyId, kept._id, other._id);
    return kept;
  }

  /** Known only by LID: the person's contact that learnt it (the one with a number), else the one numbered by it. */
  async function byLid(companyId: string, lid: string, name: string): Promise<ContactDoc> {
    const known = await withLid(companyId, lid);
    const keep = known.find((contact) => contact.number !== lid) ?? known[0];
    if (!keep) return findOrCreateContact(companyId, { number: lid, lid, name }, realtime);
    const kept = await absorb(companyId, keep, known);
    return takeChanges(kept, news(kept, { name }), realtime);
  }

  /** Known by number and LID: one contact takes both; a contact known by the LID only takes the number, or is merged into the number's. */
  async function byNumberAndLid(companyId: string, number: string, lid: string, name: string): Promise<ContactDoc> {
    const lidded = await withLid(companyId, lid);
    let person = await contactByKey(companyId, identityKeyOf({ number }));
    if (!person && lidded[0]) {
      try {
        person = await takeChanges(lidded[0], { number, waNumber: number, lid }, realtime);
      } catch (err) {
        // Someone created the number's contact meanwhile: the LID's is merged into it below.
        if (toAppError(err).code !== 'ERR_DUPLICATED_CONTACT') throw err;
        person = await contactByKey(companyId, identityKeyOf({ number }));
      }
    }
    if (!person) return findOrCreateContact(companyId, { number, lid, name, fromNetwork: true }, realtime);
    const kept = await absorb(companyId, person, lidded);
    return takeChanges(kept, news(kept, { name, waNumber: number, lid }), realtime);
  }

  return {
    /** The contact of a message's chat or sender (see the header). */
    contactOf(companyId: string, who: Person): Promise<ContactDoc> {
      const isGroup = who.isGroup ?? false;
      const lid = who.lid ? normaliseProviderNumber(who.lid, false) : '';
      const name = who.name.trim().slice(0, NAME_MAX);
      if (isGroup || !lid) return findOrCreateContact(companyId, { number: who.number, name, isGroup, fromNetwork: true }, realtime);
      const number = normaliseProviderNumber(who.number, false);
      return people.run(`${companyId}:${lid}`, () => (number === lid ? byLid(companyId, lid, name) : byNumberAndLid(companyId, number, lid, name)));
    },

    /** Merges two contacts of the company (merge.ts). */
    merge: merger.merge,
  };
}

export type PersonDirectory = ReturnType<typeof createPersonDirectory>;
