/**
 * What agents do to a message besides sending it (issue 23): reply (a send quoting it), react,
 * edit, delete for everyone, forward; and the signature (`signOption`) a sent text may carry.
 * The rules live here once, for the server, the web console and the terminal inbox.
 */
import type { Message, Ticket } from './tickets.js';

/** WhatsApp lets a sender edit a message for 15 minutes. */
export const EDIT_WINDOW_MS = 15 * 60_000;
/** Earlier bodies kept on an edited message (the oldest go first). */
export const EDIT_HISTORY_MAX = 10;
/** Messages one forward takes at most. */
export const FORWARD_MAX_MESSAGES = 20;
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

/** An earlier body of an edited message. */
export interface MessageEdit {
  body: string;
  /** When it was replaced. */
  editedAt: string;
}

/** POST /messages/{messageId}/reaction: '' takes the company's reaction back. */
export interface MessageReactionInput {
  emoji: string;
}

/** PUT /messages/{messageId}: the new text (a signed message keeps its signature). */
export interface MessageEditInput {
  body: string;
}

/** POST /messages/forward. */
export interface MessageForwardInput {
  messageIds: string[];
  /** The contact they go to (found by search). */
  contactId: string;
  /**
   * Makes a retried request land once: the same key from the same user forwards nothing twice.
   * The shared client draws one per call when none is given.
   */
  requestId?: string;
}

/** Answer of a forward: the ticket the messages landed in (the contact's, or a new one) and the copies. */
export interface MessageForwardResult {
  ticket: Ticket;
  messages: Message[];
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

/** The agent's name in bold, then a new line: `*Ana*:\n` (asterisks and line breaks of the name dropped). */
export function signatureOf(name: string): string {
  const clean = name.replace(/[*\r\n]+/g, ' ').replace(/\s+/g, ' ').trim();
  return clean ? `*${clean}*:\n` : '';
}

/** The text of a message without its signature (what an edit starts from). */
export function unsignedText(message: Pick<Message, 'body' | 'signed'>): string {
  if (!message.signed) return message.body;
  const newline = message.body.indexOf('\n');
  return newline < 0 ? message.body : message.body.slice(newline + 1);
}

/** The signature of a signed message's body (`*Ana*:`), or null. */
export function signatureName(message: Pick<Message, 'body' | 'signed'>): string | null {
  if (!message.signed) return null;
  const match = /^\*([^*\n]+)\*:\n/.exec(message.body);
  return match ? match[1]! : null;
}

export type EditRefusal = 'ERR_NO_PERMISSION' | 'ERR_MESSAGE_DELETED' | 'ERR_MESSAGE_NOT_EDITABLE' | 'ERR_EDIT_WINDOW_CLOSED';

/**
 * Why a user may not edit a message (null: they may): only its author, a text, not deleted, and
 * within WhatsApp's 15 minutes of its sending.
 */
export function editRefusal(message: Pick<Message, 'fromMe' | 'userId' | 'mediaType' | 'isDeleted' | 'createdAt'>, userId: string, now: number = Date.now()): EditRefusal | null {
  if (!message.fromMe || message.userId !== userId) return 'ERR_NO_PERMISSION';
  if (message.isDeleted) return 'ERR_MESSAGE_DELETED';
  if (message.mediaType !== 'chat') return 'ERR_MESSAGE_NOT_EDITABLE';
  if (now - Date.parse(message.createdAt) > EDIT_WINDOW_MS) return 'ERR_EDIT_WINDOW_CLOSED';
  return null;
}

/** Kinds of message that can be forwarded: what has content of its own to send again. */
export function mayForward(message: Pick<Message, 'isDeleted' | 'mediaType' | 'mediaUrl' | 'mediaError'>): boolean {
  if (message.isDeleted || message.mediaType === 'call_log' || message.mediaType === 'reaction') return false;
  return !message.mediaError;
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
