/**
 * Data upgrade "phrase-keys-2": phrase campaigns are matched by their phraseKey, and the phrase
 * match now ignores punctuation too ("Quero atendimento!" is "quero atendimento"): every
 * campaign's key is computed again from its phrase. Running it again gives the same keys.
 */
import type { Document } from 'mongodb';
import { normalizePhrase } from '@atende/shared';
import { eachBatch, type DataUpgrade } from '../../platform/database/upgrades.js';

export const phraseKeysUpgrade: DataUpgrade = {
  id: 'phrase-keys-2',
  async run(db, log) {
    await eachBatch<Document>(db, 'flowcampaigns', 500, async (campaigns) => {
      const ops = campaigns.map((campaign) => ({ updateOne: { filter: { _id: campaign._id }, update: { $set: { phraseKey: normalizePhrase(String(campaign.phrase ?? '')) } } } }));
      if (ops.length > 0) await db.collection('flowcampaigns').bulkWrite(ops, { ordered: false });
    }, log);
  },
};
