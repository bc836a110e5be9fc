/**
 * The shippings of a campaign's audience: one per number (unique on campaign and number), made in
 * bounded batches from one pass over the list's items (or the tagged tickets), resumable after
 * the last batch written. A variant is picked per contact here, once, so that a resumed run sends
 * the same one: in each batch the variants are dealt evenly, in a random order, so every variant is
 * used and no text goes out far more often than another (a random pick per contact could leave a
 * variant out of a small campaign, and repeats one text for runs of contacts).
 */
import { randomInt } from 'node:crypto';
import type { Types } from 'mongoose';
import { ContactListItemModel, type ContactListItemDoc } from '../contactLists/model.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { variantsOf } from './dto.js';
import { CampaignModel, CampaignShippingModel, type CampaignDoc } from './model.js';

export const AUDIENCE_BATCH = 500;

interface Member {
  _id: Types.ObjectId;
  number: string;
  name: string;
  valid: boolean;
}

/** `count` variants dealt evenly (each used count / variants.length times, give or take one), shuffled. */
function dealVariants(variants: number[], count: number): number[] {
  const pool = variants.length === 0 ? [1] : variants;
  const dealt = Array.from({ length: count }, (_, index) => pool[index % pool.length]!);
  for (let index = dealt.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [dealt[index], dealt[other]] = [dealt[other]!, dealt[index]!];
  }
  return dealt;
}

/**
 * The members after `cursor`, oldest first. A tag's audience is the contacts of the company's
 * tickets carrying the tag (tags belong to tickets, not contacts); a contact with several such
 * tickets is one member.
 */
function membersOf(doc: CampaignDoc): AsyncIterable<Member> {
  const after = doc.audienceCursor ? { _id: { $gt: doc.audienceCursor } } : {};
  if (doc.contactListId) {
    const items = ContactListItemModel.find({ companyId: doc.companyId, contactListId: doc.contactListId, ...after }, { number: 1, name: 1, isWhatsappValid: 1 })
      .sort({ _id: 1 })
      .batchSize(AUDIENCE_BATCH)
      .lean<ContactListItemDoc[]>()
      .cursor();
    return (async function* () {
      for await (const item of items as AsyncIterable<ContactListItemDoc>) yield { _id: item._id, number: item.number, name: item.name, valid: item.isWhatsappValid !== false };
    })();
  }
  const tickets = TicketModel.find({ companyId: doc.companyId, tagIds: doc.tagId, ...after }, { contact: 1 })
    .sort({ _id: 1 })
    .batchSize(AUDIENCE_BATCH)
    .lean<TicketDoc[]>()
    .cursor();
  return (async function* () {
    for await (const ticket of tickets as AsyncIterable<TicketDoc>) {
      if (!ticket.contact?.isGroup && ticket.contact?.number) yield { _id: ticket._id, number: ticket.contact.number, name: ticket.contact.name, valid: true };
    }
  })();
}

/** Inserts what is new; numbers already there (a batch written before a crash, a repeated contact) stay as they are. */
async function insertBatch(doc: CampaignDoc, batch: Member[]): Promise<void> {
  const messages = variantsOf(doc, 'message');
  const key = String(doc._id);
  const seen = new Set<string>();
  const members = batch.filter((member) => !seen.has(member.number) && Boolean(seen.add(member.number)));
  // Dealt among the contacts that will be messaged; the skipped ones keep the first.
  const dealt = dealVariants(messages, members.filter((member) => member.valid).length);
  const rows = members.map((member) => ({
    companyId: doc.companyId,
    campaignId: doc._id,
    number: member.number,
    name: member.name,
    valid: member.valid,
    state: member.valid ? 'pending' : 'skipped',
    pendingKey: member.valid ? key : null,
    variant: member.valid ? dealt.pop()! : (messages[0] ?? 1),
  }));
  try {
    await CampaignShippingModel.insertMany(rows, { ordered: false });
  } catch (err) {
    const failures = (err as { writeErrors?: { code?: number; err?: { code?: number } }[] }).writeErrors;
    const onlyDuplicates = Array.isArray(failures) && failures.length > 0 && failures.every((failure) => (failure.code ?? failure.err?.code) === 11000);
    if (!onlyDuplicates && (err as { code?: number }).code !== 11000) throw err;
  }
}

/**
 * Makes the missing shippings, batch by batch; `keepGoing` is asked between batches (the run may
 * have been cancelled or lost its lease). Answers whether the audience is complete.
 */
export async function buildAudience(doc: CampaignDoc, keepGoing: () => Promise<boolean>): Promise<boolean> {
  let batch: Member[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await insertBatch(doc, batch);
    await CampaignModel.updateOne({ companyId: doc.companyId, _id: doc._id }, { $set: { audienceCursor: batch[batch.length - 1]!._id } });
    batch = [];
  };
  if (doc.contactListId || doc.tagId) {
    for await (const member of membersOf(doc)) {
      batch.push(member);
      if (batch.length < AUDIENCE_BATCH) continue;
      await flush();
      if (!(await keepGoing())) return false;
    }
    await flush();
  }
  // Counted once per campaign over its own shippings (an engine key), never per request.
  const filter = { companyId: doc.companyId, campaignId: doc._id };
  const [contacts, valid] = await Promise.all([CampaignShippingModel.countDocuments(filter), CampaignShippingModel.countDocuments({ ...filter, valid: true })]);
  await CampaignModel.updateOne({ companyId: doc.companyId, _id: doc._id }, { $set: { audienceBuilt: true, contacts, valid } });
  return true;
}
