/**
 * Who or what sent a message of ours: an agent in the inbox, or one of the automations (issue 30:
 * a chatbot menu must not look like an agent's reply). The clients name the author from it; and
 * who may send again a message the server gave up on.
 */
import type { Profile } from './enums.js';
import { signatureName } from './messageActions.js';
import type { Message, Ticket } from './tickets.js';

export const MESSAGE_ORIGINS = [
  /** An agent, in the web console or the terminal inbox (forwards and scheduled messages of a user too). */
  'agent',
  /** Typed on the paired phone itself. */
  'phone',
  /** The external send API (POST /api/messages/send). */
  'api',
  /** A flow of the flow builder. */
  'flow',
  /** The AI assistant of a queue or a connection. */
  'ai',
  /** The queue chatbot's menu. */
  'chatbot',
  /** A queue integration (Typebot, n8n, webhook, Dialogflow). */
  'integration',
  'campaign',
  'schedule',
  /** The platform's own messages: greetings, transfers, ratings, closing texts. */
  'automatic',
] as const;
export type MessageOrigin = (typeof MESSAGE_ORIGINS)[number];

/**
 * Who wrote a message we sent, as the clients name it: the agent's name when an agent did (the
 * signature's when the account is gone, else just "an agent"), else the origin (older messages
 * without one are the platform's own, unless an agent's id says otherwise).
 */
export function messageAuthor(message: Pick<Message, 'fromMe' | 'user' | 'userId' | 'origin' | 'body' | 'signed'>): { agent: string } | { origin: MessageOrigin } | null {
  if (!message.fromMe) return null;
  if (message.user) return { agent: message.user.name };
  const signature = signatureName(message);
  if (signature !== null) return { agent: signature };
  return { origin: message.origin ?? (message.userId ? 'agent' : 'automatic') };
}

/**
 * Who may send again a message the server gave up on: while the ticket is open, its agent, the
 * message's author, or an admin.
 */
export function mayRetryMessage(
  message: Pick<Message, 'fromMe' | 'sendFailed' | 'isDeleted' | 'userId'>,
  ticket: Pick<Ticket, 'status' | 'userId'>,
  user: { id: string; profile: Profile; super: boolean },
): boolean {
  if (!message.fromMe || !message.sendFailed || message.isDeleted || ticket.status !== 'open') return false;
  return user.super || user.profile === 'admin' || ticket.userId === user.id || message.userId === user.id;
}
