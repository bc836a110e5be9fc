/**
 * Reactions are records on the message they target, one per sender as on WhatsApp (issue 23): a
 * sender's new reaction replaces theirs, an empty one takes it back, and a late copy of an older
 * reaction (a shuffled offline replay) never replaces a newer one. The company's number is one
 * sender (`'me'`), whichever agent or the paired phone reacted.
 */
import type { Types } from 'mongoose';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { rewriteDocument } from '../../platform/database/serial.js';
import { publishMessage } from '../tickets/events.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { MessageModel, type MessageDoc, type ReactionDoc } from './model.js';
import { messageView } from './view.js';

/** Senders kept per message (a large group's reactions); the oldest go first. */
export const REACTIONS_MAX = 200;

/** The reactions with the sender's change (an empty emoji takes theirs back); null when nothing changes (the same again, or older than what is kept). */
export function withReaction(current: ReactionDoc[], change: ReactionDoc): ReactionDoc[] | null {
  const kept = current.find((reaction) => reaction.sender === change.sender);
  if (kept && kept.at.getTime() > change.at.getTime()) return null;
  const others = current.filter((reaction) => reaction.sender !== change.sender);
  if (!change.emoji) return kept ? others : null;
  if (kept?.emoji === change.emoji) return null;
  return [...others, change].slice(-REACTIONS_MAX);
}

/**
 * Applies a sender's reaction to the message; answers the message after it when it changed, else
 * null (nothing to announce or send).
 */
export async function applyReaction(companyId: unknown, messageId: Types.ObjectId, change: ReactionDoc): Promise<MessageDoc | null> {
  let changed = false;
  const updated = await rewriteDocument(MessageModel, companyId, messageId, (message) => {
    if (message.isDeleted) return null;
    const reactions = withReaction(message.reactions ?? [], change);
    if (!reactions) return null;
    changed = true;
    return { $set: { reactions } };
  });
  return changed ? updated : null;
}

/** A customer's (or the paired phone's) reaction delivered by the network; false when its target is not stored. */
export async function applyInboundReaction(
  realtime: RealtimePublisher,
  companyId: string,
  whatsappId: string,
  providerMessageId: string,
  change: ReactionDoc,
): Promise<boolean> {
  const target = await MessageModel.findOne({ companyId, whatsappId, providerMessageId }, { _id: 1 }).lean<{ _id: Types.ObjectId }>();
  if (!target) return false;
  const updated = await applyReaction(companyId, target._id, change);
  if (!updated) return true;
  const ticket = await TicketModel.findOne({ companyId, _id: updated.ticketId }).lean<TicketDoc>();
  if (ticket) await publishMessage(realtime, 'update', await messageView(companyId, updated, [{ _id: ticket.contactId, name: ticket.contact.name }]), ticket);
  return true;
}
