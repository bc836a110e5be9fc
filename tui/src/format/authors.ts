/**
 * Who a message is from, as the conversation names it: the customer (or the group member), "You"
 * for the signed-in agent, another agent by name, else what sent it without an agent (chatbot,
 * flow, AI, integration, API, campaign, schedule, the phone itself) or "Automatic".
 */
import { MESSAGE_ORIGINS, messageAuthor, type Message, type QuotedMessage } from '@atende/shared';
import type { Translate } from '../app/i18n.js';

export interface AuthorContext {
  t: Translate;
  /** The signed-in agent. */
  userId: string;
  /** Name of the ticket's contact, for messages that carry none. */
  contactName: string;
}

export function authorOf(message: Pick<Message, 'fromMe' | 'contact' | 'user' | 'userId' | 'origin' | 'body' | 'signed'>, { t, userId, contactName }: AuthorContext): string {
  const sender = messageAuthor(message);
  if (!sender) return message.contact?.name || contactName;
  if (message.userId && message.userId === userId) return t('tui.message.you');
  if ('agent' in sender) return sender.agent;
  // An origin this version does not know (a newer server) reads as automatic.
  return t(`tui.authors.${MESSAGE_ORIGINS.includes(sender.origin) ? sender.origin : 'automatic'}`);
}

/** Sent without an agent (a bot, the API, the phone): drawn apart from agents' messages. */
export function isAutomatic(message: Pick<Message, 'fromMe' | 'userId'>): boolean {
  return message.fromMe && !message.userId;
}

/** A quote names its message's author when that message is loaded; ours otherwise say "us". */
export function quotedAuthorOf(quoted: QuotedMessage, loaded: Message | undefined, context: AuthorContext): string {
  if (loaded) return authorOf(loaded, context);
  return quoted.fromMe ? context.t('tui.authors.us') : quoted.contact?.name || context.contactName;
}
