/**
 * Sending again a message the outbound sender gave up on (all its attempts failed, or a final
 * error): the same message, by its id, goes back into the ticket's lane with a fresh count of
 * attempts, so the customer gets it once however often Retry is pressed. Only while the ticket is
 * open, by its agent, the message's author or an admin (mayRetryMessage).
 */
import { mayRetryMessage, type Message } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { updateDocument } from '../../platform/database/serial.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { ticketForActor } from '../tickets/access.js';
import { publishMessage } from '../tickets/events.js';
import { MessageModel, OUTBOX_WAITING, type MessageDoc } from './model.js';
import type { OutboundPort } from './outboundPort.js';
import { messageView } from './view.js';

export function createMessageRetry(deps: { realtime: RealtimePublisher; outbound: OutboundPort }) {
  const { realtime, outbound } = deps;

  return {
    async retry(actor: AuthCredentials, messageId: string): Promise<Message> {
      const message = await MessageModel.findOne({ companyId: actor.companyId, _id: messageId }).lean<MessageDoc>();
      if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND');
      const { ticket } = await ticketForActor(actor, String(message.ticketId));
      const known = [{ _id: ticket.contactId, name: ticket.contact.name }];
      const view = await messageView(actor.companyId, message, known);
      const user = { id: actor.userId, profile: actor.profile, super: actor.super };
      if (ticket.status !== 'open') throw new AppError('ERR_TICKET_NOT_OPEN');
      if (!view.sendFailed) throw new AppError('ERR_MESSAGE_NOT_FAILED');
      if (!mayRetryMessage(view, { status: ticket.status, userId: ticket.userId ? String(ticket.userId) : null }, user)) throw new AppError('ERR_NO_PERMISSION');
      // Taken back into the outbox once: a second Retry at the same time finds it waiting already.
      const waiting = await updateDocument(
        MessageModel,
        actor.companyId,
        message._id,
        { $set: { outboxKey: OUTBOX_WAITING, sendAttempts: 0 } },
        { fromMe: true, ack: 0, isDeleted: false, outboxKey: null, sendError: { $ne: null } },
      );
      if (!waiting) throw new AppError('ERR_MESSAGE_NOT_FAILED');
      outbound.enqueue(actor.companyId, String(ticket._id), String(waiting._id));
      const answer = await messageView(actor.companyId, waiting, known);
      await publishMessage(realtime, 'update', answer, ticket);
      return answer;
    },
  };
}
