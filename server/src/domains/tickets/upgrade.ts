/**
 * Data upgrade "inbox-keys-1": documents of earlier releases get what this release reads them by.
 * Contacts: their search keys, and the name-prefix counters. Messages: their place in the
 * conversation (seq, by creation time), page and unread keys, words. Tickets: the contact copy,
 * their tag ids, message count and revision, the derived keys, and the lane counters. Every value
 * is recomputed from the stored data, so running it again after a crash gives the same result.
 */
import type { AnyBulkWriteOperation, Db, Document, ObjectId } from 'mongodb';
import { CounterTotals } from '../../platform/database/counterBuild.js';
import { growShrink, stepsOf } from '../../platform/database/counters.js';
import { LEGACY_DAY_ZONE, ratingSteps } from './dayCounts.js';
import { eachBatch, type DataUpgrade } from '../../platform/database/upgrades.js';
import { searchWordsOf } from '../../platform/database/models.js';
import { contactMove } from '../contacts/directory.js';
import { nameKeyOf } from '../contacts/model.js';
import { searchKeysOf } from '../contacts/searchKeys.js';
import { pageKeyOf } from '../messages/store.js';
import { moveOf } from './laneCounts.js';
import { contactCopyOf, type TicketContactCopy, type TicketDoc } from './model.js';
import { derivedKeys, pairKey } from './writer.js';

const BATCH = 1_000;

async function write(db: Db, collection: string, ops: AnyBulkWriteOperation<Document>[]): Promise<void> {
  if (ops.length > 0) await db.collection(collection).bulkWrite(ops, { ordered: false });
}

/** Contacts: search keys; counts per name prefix. Answers the copy each ticket shows. */
async function upgradeContacts(db: Db, steps: CounterTotals, log: (msg: string) => void): Promise<Map<string, TicketContactCopy>> {
  const copies = new Map<string, TicketContactCopy>();
  await eachBatch<Document>(db, 'contacts', BATCH, async (contacts) => {
    const ops = contacts.map((contact) => {
      const nameKey = nameKeyOf(String(contact.name ?? ''));
      const fields = { nameKey, searchKeys: searchKeysOf({ nameKey, number: String(contact.number ?? ''), email: contact.email as string, createdAt: contact.createdAt as Date }) };
      copies.set(String(contact._id), contactCopyOf(contact as unknown as TicketContactCopy));
      steps.add(String(contact.companyId), contactMove(null, { nameKey, createdAt: contact.createdAt as Date, isGroup: Boolean(contact.isGroup) }).grow);
      return { updateOne: { filter: { _id: contact._id as ObjectId }, update: { $set: fields } } };
    });
    await write(db, 'contacts', ops);
  }, log);
  return copies;
}

/** Messages: seq by creation time within each ticket, and their keys. Answers each ticket's count. */
async function upgradeMessages(db: Db, log: (msg: string) => void): Promise<Map<string, number>> {
  // First pass: each ticket's messages in order (creation time, then id).
  const order = new Map<string, [number, string][]>();
  await eachBatch<Document>(db, 'messages', BATCH, async (messages) => {
    for (const message of messages) {
      const ticketId = String(message.ticketId);
      const list = order.get(ticketId) ?? [];
      list.push([(message.createdAt as Date).getTime(), String(message._id)]);
      order.set(ticketId, list);
    }
  }, log);
  const seqOf = new Map<string, Map<string, number>>();
  for (const [ticketId, list] of order) {
    list.sort(([a, idA], [b, idB]) => a - b || (idA < idB ? -1 : 1));
    seqOf.set(ticketId, new Map(list.map(([, id], seq) => [id, seq])));
  }
  order.clear();
  await eachBatch<Document>(db, 'messages', BATCH, async (messages) => {
    const ops = messages.map((message) => {
      const ticketId = String(message.ticketId);
      const seq = seqOf.get(ticketId)?.get(String(message._id)) ?? 0;
      const fields = { seq, pageKey: pageKeyOf(ticketId, seq), unreadKey: message.read ? null : ticketId, words: searchWordsOf(String(message.body ?? '')) };
      return { updateOne: { filter: { _id: message._id as ObjectId }, update: { $set: fields } } };
    });
    await write(db, 'messages', ops);
  }, log);
  return new Map([...seqOf].map(([ticketId, seqs]) => [ticketId, seqs.size]));
}

/** Tickets: copies, counts and keys; the newest active ticket of a contact on a connection keeps the active key. */
async function upgradeTickets(db: Db, copies: Map<string, TicketContactCopy>, counts: Map<string, number>, steps: CounterTotals, log: (msg: string) => void): Promise<void> {
  const tagIds = new Map<string, unknown[]>();
  await eachBatch<Document>(db, 'tickettags', BATCH, async (links) => {
    for (const link of links) tagIds.set(String(link.ticketId), [...(tagIds.get(String(link.ticketId)) ?? []), link.tagId]);
  }, log);
  const newestActive = new Map<string, { id: string; at: number }>();
  await eachBatch<TicketDoc>(db, 'tickets', BATCH, async (tickets) => {
    for (const ticket of tickets.filter((each) => each.status !== 'closed' && each.whatsappId)) {
      const pair = pairKey(ticket.contactId, ticket.whatsappId);
      const at = ticket.updatedAt.getTime();
      if ((newestActive.get(pair)?.at ?? -1) < at) newestActive.set(pair, { id: String(ticket._id), at });
    }
  }, log);
  const winners = new Set([...newestActive.values()].map((winner) => winner.id));
  await eachBatch<TicketDoc>(db, 'tickets', BATCH, async (tickets) => {
    const ops = tickets.map((stored) => {
      const ticket: TicketDoc = { ...stored, unreadMessages: stored.unreadMessages ?? 0, awaitingRating: stored.awaitingRating ?? false };
      const keys = derivedKeys(ticket);
      // An earlier release could leave two active tickets for one contact: the newest stays "the" one.
      if (!winners.has(String(ticket._id))) keys.activeKey = `~${String(ticket._id)}`;
      const fields = {
        ...keys,
        contact: copies.get(String(ticket.contactId)) ?? { name: '', number: '', email: '', profilePicUrl: '', isGroup: Boolean(ticket.isGroup) },
        tagIds: tagIds.get(String(ticket._id)) ?? [],
        messageCount: counts.get(String(ticket._id)) ?? 0,
        rev: stored.rev ?? 0,
      };
      steps.add(String(ticket.companyId), moveOf(null, ticket).grow);
      return { updateOne: { filter: { _id: stored._id }, update: { $set: fields } } };
    });
    await write(db, 'tickets', ops);
  }, log);
}

export const inboxKeysUpgrade: DataUpgrade = {
  id: 'inbox-keys-1',
  async run(db, log) {
    const steps = new CounterTotals();
    log('data upgrade inbox-keys-1: contacts...');
    const copies = await upgradeContacts(db, steps, log);
    log('data upgrade inbox-keys-1: messages...');
    const counts = await upgradeMessages(db, log);
    log('data upgrade inbox-keys-1: tickets...');
    await upgradeTickets(db, copies, counts, steps, log);
    await eachBatch<Document>(db, 'ticketratings', BATCH, async (ratings) => {
      for (const rating of ratings.filter((each) => each.userId)) steps.add(String(rating.companyId), growShrink(stepsOf(ratingSteps(rating.userId, rating.rate as number, rating.createdAt as Date, LEGACY_DAY_ZONE))).grow);
    }, log);
    // The counters are rebuilt whole from what was read.
    await db.collection('counters').deleteMany({});
    for (const docs of steps.documents(BATCH)) await db.collection('counters').insertMany(docs);
  },
};
