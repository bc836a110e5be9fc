/**
 * What agents do to a message besides sending it (issue 23): reply (a send quoting it), react,
 * edit, delete for everyone, forward; and the signature (`signOption`) a sent text may carry.
 * The rules live here once, for the server, the web console and the terminal inbox (reactions:
 * ./reactions.ts).
 */
import type { Message, Ticket } from './tickets.js';

/** WhatsApp lets a sender edit a message for 15 minutes. */
export const EDIT_WINDOW_MS = 15 * 60_000;
/** Earlier bodies kept on an edited message (the oldest go first). */
export const EDIT_HISTORY_MAX = 10;
/** Messages one forward takes at most. */
export const FORWARD_MAX_MESSAGES = 20;

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
