/**
 * Data upgrade "message-reactions-1": earlier releases stored a reaction as a message of its own
 * (mediaType 'reaction', quoting the message reacted to), shown as a bubble. Each becomes a
 * reaction record on the message it targets (one per sender, the latest kept, an empty one taking
 * it back) and the old message goes. Safe to run again after a crash: a reaction applied twice
 * changes nothing, and what was converted is gone.
 */
import type { Db, Document, ObjectId } from 'mongodb';
import { OWN_REACTION_SENDER } from '@atende/shared';
import type { DataUpgrade } from '../../platform/database/upgrades.js';
import type { ReactionDoc } from './model.js';
import { withReaction } from './reactions.js';

/** Who reacted: the company's number, the group member, or the ticket's customer. */
async function senderOf(db: Db, message: Document): Promise<{ sender: string; name: string }> {
  if (message.fromMe) return { sender: OWN_REACTION_SENDER, name: '' };
  const contact = message.contactId ? await db.collection('contacts').findOne({ _id: message.contactId as ObjectId }, { projection: { number: 1, name: 1 } }) : null;
  const sender = (message.participant as string | null) ?? (contact?.number as string | undefined) ?? String(message.contactId ?? 'unknown');
  return { sender, name: (contact?.name as string | undefined) ?? '' };
}

export const reactionsUpgrade: DataUpgrade = {
  id: 'message-reactions-1',
  async run(db, log) {
    const messages = db.collection('messages');
    const old = await messages.find({ mediaType: 'reaction' }).toArray();
    // Oldest first: a sender's later reaction replaces the earlier one.
    old.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    let applied = 0;
    for (const reaction of old) {
      const target = reaction.quotedMsgId ? await messages.findOne({ _id: reaction.quotedMsgId as ObjectId }, { projection: { reactions: 1 } }) : null;
      if (target) {
        const { sender, name } = await senderOf(db, reaction);
        const change: ReactionDoc = { sender, name, emoji: String(reaction.body ?? ''), fromMe: Boolean(reaction.fromMe), userId: null, at: reaction.createdAt as Date };
        const reactions = withReaction((target.reactions as ReactionDoc[] | undefined) ?? [], change);
        if (reactions) await messages.updateOne({ _id: target._id }, { $set: { reactions } });
        applied += 1;
      }
      await messages.deleteOne({ _id: reaction._id });
    }
    log(`  reactions: ${applied} of ${old.length} reaction messages moved onto the messages they target`);
  },
};
