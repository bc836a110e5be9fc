/**
 * One attempt of a provider action (a reaction, an edit, a delete for everyone) in its ticket's
 * lane (outbound.ts runs the lane, the retries and the resume). An action sends the message's
 * state when it runs: the company's reaction as it is now, the body as it is now. A message that
 * never reached the network (unsent, given up) or is gone needs nothing there: the action is done.
 */
import type { Logger } from '../platform/logger.js';
import { updateDocument } from '../platform/database/serial.js';
import { OWN_REACTION_SENDER } from '@atende/shared';
import { ContactModel, type ContactDoc } from '../domains/contacts/model.js';
import { MessageActionModel, type MessageActionDoc } from '../domains/messages/actionModel.js';
import { MessageModel, type MessageDoc } from '../domains/messages/model.js';
import { TicketModel, type TicketDoc } from '../domains/tickets/model.js';
import type { OutboundAction, Provider } from './provider.js';

/** Its provider's answer: done, or an error to retry on. */
async function perform(provider: Provider, action: MessageActionDoc, message: MessageDoc, base: OutboundAction): Promise<void> {
  switch (action.kind) {
    case 'reaction': {
      const own = message.reactions.find((reaction) => reaction.sender === OWN_REACTION_SENDER);
      await provider.react?.({ ...base, emoji: own?.emoji ?? '' });
      return;
    }
    case 'edit':
      await provider.edit?.({ ...base, body: message.body });
      return;
    case 'delete':
      await provider.revoke?.(base);
      return;
  }
}

export function createActionAttempts(deps: {
  logger: Logger;
  provider(whatsappId: string): Provider | undefined;
  maxAttempts: number;
  backoff(attempt: number): number;
  sent?(companyId: string, whatsappId: string): void;
}) {
  const { logger } = deps;

  function finish(companyId: string, actionId: string, set: Record<string, unknown> = {}): Promise<unknown> {
    return updateDocument(MessageActionModel, companyId, actionId, { $set: { outboxKey: null, ...set } });
  }

  /** One attempt; answers the wait before the next one, or null when the action is done with. */
  return async function attemptAction(companyId: string, actionId: string, resumed: boolean): Promise<number | null> {
    const action = await MessageActionModel.findOne({ companyId, _id: actionId }).lean<MessageActionDoc>();
    if (!action?.outboxKey) return null;
    const message = await MessageModel.findOne({ companyId, _id: action.messageId }).lean<MessageDoc>();
    const ticket = message ? await TicketModel.findOne({ companyId, _id: message.ticketId }, { contactId: 1, isGroup: 1 }).lean<Pick<TicketDoc, 'contactId' | 'isGroup'>>() : null;
    const contact = ticket ? await ContactModel.findOne({ companyId, _id: ticket.contactId }, { number: 1, waNumber: 1 }).lean<Pick<ContactDoc, 'number' | 'waNumber'>>() : null;
    if (!message || !ticket || !contact || !message.whatsappId || message.providerMessageId.startsWith('local:')) {
      await finish(companyId, actionId);
      return null;
    }
    try {
      // The connection that carried the message: the only one the network knows it by.
      const provider = deps.provider(String(message.whatsappId));
      if (!provider) throw new Error('the connection is not started');
      await perform(provider, action, message, {
        localId: `action:${actionId}`,
        again: resumed || action.attempts > 0,
        // The WhatsApp account the message went to (recipient.ts), when it was not the typed number.
        to: { id: contact.waNumber || contact.number, isGroup: ticket.isGroup },
        target: { providerMessageId: message.providerMessageId, fromMe: message.fromMe, participant: message.participant },
      });
      deps.sent?.(companyId, String(message.whatsappId));
      await finish(companyId, actionId, { error: null, attempts: action.attempts + 1 });
      return null;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const attempts = action.attempts + 1;
      const givenUp = attempts >= deps.maxAttempts;
      await updateDocument(MessageActionModel, companyId, actionId, { $set: { error: reason, attempts, ...(givenUp ? { outboxKey: null } : {}) } });
      logger.warn({ actionId, kind: action.kind, attempts, reason }, givenUp ? 'message action given up' : 'message action failed');
      return givenUp ? null : deps.backoff(attempts);
    }
  };
}
