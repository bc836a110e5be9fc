/**
 * The sandbox phone's customers as WhatsApp knows them: older Brazilian accounts without the ninth
 * digit (the legacy prefixes a test steers), and customers known by their LID alone.
 */
import { withNinthDigit, withoutNinthDigit } from '@atende/shared';
import type { InboundMessage } from '../provider.js';

/**
 * A number as WhatsApp knows its account: a Brazilian mobile number matching one of the legacy
 * prefixes (compared in its form with the ninth digit) is an older account, without that digit.
 */
export function accountOf(number: string, legacyPrefixes: string[]): string {
  const modern = withNinthDigit(number);
  return legacyPrefixes.some((prefix) => modern.startsWith(prefix)) ? withoutNinthDigit(modern) : number;
}

/** A customer's message as WhatsApp shows it: from the sender's account, or from their LID alone (left as it is). */
export function fromAccounts(message: InboundMessage, legacyPrefixes: string[]): InboundMessage {
  if (legacyPrefixes.length === 0) return message;
  const shown = (id: string, lid?: string) => (id === lid ? id : accountOf(id, legacyPrefixes));
  return {
    ...message,
    chat: message.chat.isGroup ? message.chat : { ...message.chat, id: shown(message.chat.id, message.chat.lid) },
    sender: { ...message.sender, number: shown(message.sender.number, message.sender.lid) },
  };
}
