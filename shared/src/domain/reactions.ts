/**
 * Reactions (issue 23): one per sender on the message they target, as on WhatsApp; the emoji
 * accepted, the console's reaction bar and its chips. Apart from the other message actions so
 * that a bundle that only shows messages leaves the emoji pattern out.
 */
import type { Message } from './tickets.js';

/** The reaction bar: WhatsApp's default choice; any other emoji comes from the picker. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;
/** Longest emoji accepted (a ZWJ sequence with skin tones fits). */
export const EMOJI_MAX_LENGTH = 32;
/** The sender of the company's own reaction: WhatsApp keeps one per number, whichever agent set it. */
export const OWN_REACTION_SENDER = 'me';

/** A reaction on a message: one per sender, as on WhatsApp. */
export interface MessageReaction {
  /** 'me' for the company's number (any of its agents, or the paired phone), else the customer's number. */
  sender: string;
  /** The customer's name as WhatsApp gave it, or the agent who set the company's reaction. */
  name: string;
  emoji: string;
  fromMe: boolean;
  /** The agent who set the company's reaction; null for customers' and the paired phone's. */
  userId: string | null;
  createdAt: string;
}

const FALLBACK_EMOJI =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[#*0-9]\uFE0F?\u20E3)(?:[\uFE0F\u20E3\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]|\u200D\p{Extended_Pictographic}|\p{Regional_Indicator})*$/u;

/** One emoji as Unicode lists them (RGI); engines without the `v` flag check by a close pattern. */
const EMOJI: RegExp = (() => {
  try {
    return new RegExp('^\\p{RGI_Emoji}$', 'v');
  } catch {
    return FALLBACK_EMOJI;
  }
})();

export function isEmoji(text: string): boolean {
  return text.length > 0 && text.length <= EMOJI_MAX_LENGTH && EMOJI.test(text);
}

/** The company's current reaction on a message (null when none). */
export function ownReaction(message: Pick<Message, 'reactions'>): MessageReaction | null {
  return message.reactions.find((reaction) => reaction.sender === OWN_REACTION_SENDER) ?? null;
}

/** The reactions grouped by emoji, in the order they first came, for the chips under a bubble. */
export function reactionChips(reactions: MessageReaction[]): { emoji: string; count: number; names: string[]; mine: boolean }[] {
  const chips = new Map<string, { emoji: string; count: number; names: string[]; mine: boolean }>();
  for (const reaction of [...reactions].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const chip = chips.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, names: [], mine: false };
    chip.count += 1;
    if (reaction.name) chip.names.push(reaction.name);
    chip.mine ||= reaction.fromMe;
    chips.set(reaction.emoji, chip);
  }
  return [...chips.values()];
}
