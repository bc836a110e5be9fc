/**
 * The operators' merge (POST /contacts/merge, `atende contacts merge`): the company's contacts
 * waiting for a merge, found by their `duplicateKey` (a few documents, whatever the company's
 * size), each paired with the contact holding its identity key: the duplicates stored before the
 * key existed (the upgrade held the key for the oldest of them), and merges a crash cut. A dry run
 * only answers the pairs.
 */
import type { ContactMergePair, ContactMergeResult } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { toAppError } from '../../platform/errors.js';
import { TicketModel } from '../tickets/model.js';
import { toContactSummary } from './dto.js';
import { createContactMerger, type MergeContext } from './merge.js';
import { ContactModel, identityKeyOf, type ContactDoc } from './model.js';
import { updateContact } from './writer.js';

interface Pair {
  keep: ContactDoc;
  drop: ContactDoc;
}

/** The contact `drop` goes into: the one its merge began with, else the holder of its key (followed while that one is being merged). */
async function keeperOf(drop: ContactDoc): Promise<ContactDoc | null> {
  const { companyId } = drop;
  let keep = drop.mergedInto
    ? await ContactModel.findOne({ companyId, _id: drop.mergedInto }).lean<ContactDoc>()
    : await ContactModel.findOne({ companyId, numberKey: identityKeyOf(drop) }).lean<ContactDoc>();
  for (let hops = 0; keep?.mergedInto && hops < 5; hops++) keep = await ContactModel.findOne({ companyId, _id: keep.mergedInto }).lean<ContactDoc>();
  return keep && String(keep._id) !== String(drop._id) ? keep : null;
}

async function pairsOf(companyId: string): Promise<{ pairs: Pair[]; orphans: ContactDoc[] }> {
  const waiting = await ContactModel.find({ companyId, duplicateKey: companyId }).lean<ContactDoc[]>();
  waiting.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (String(a._id) < String(b._id) ? -1 : 1));
  const pairs: Pair[] = [];
  const orphans: ContactDoc[] = [];
  for (const drop of waiting) {
    const keep = await keeperOf(drop);
    if (keep) pairs.push({ keep, drop });
    else if (!drop.mergedInto) orphans.push(drop);
  }
  return { pairs, orphans };
}

export function createDuplicateService(context: MergeContext) {
  const merger = createContactMerger(context);

  async function describe(companyId: string, pairs: Pair[]): Promise<ContactMergePair[]> {
    const described: ContactMergePair[] = [];
    for (const { keep, drop } of pairs) {
      const tickets = await TicketModel.countDocuments({ companyId, contactId: drop._id });
      described.push({ keep: toContactSummary(keep), drop: toContactSummary(drop), tickets });
    }
    return described;
  }

  return {
    /** The pairs (dry run), or the pairs merged; a waiting contact whose key is free again takes it. */
    async mergeDuplicates(actor: AuthCredentials, dryRun: boolean): Promise<ContactMergeResult> {
      const { companyId } = actor;
      const { pairs, orphans } = await pairsOf(companyId);
      const described = await describe(companyId, pairs);
      if (dryRun) return { dryRun, pairs: described, merged: 0 };
      for (const orphan of orphans) {
        // Taken again meanwhile: it stays waiting, paired with the new holder next time.
        await updateContact(companyId, orphan._id, { numberKey: identityKeyOf(orphan), duplicateKey: null }).catch((err: unknown) => {
          if (toAppError(err).code !== 'ERR_DUPLICATED_CONTACT') throw err;
        });
      }
      let merged = 0;
      for (const { keep, drop } of pairs) {
        await merger.merge(companyId, keep._id, drop._id);
        merged += 1;
      }
      return { dryRun, pairs: described, merged };
    },
  };
}

export type DuplicateService = ReturnType<typeof createDuplicateService>;
