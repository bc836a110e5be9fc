/**
 * What an agent does to a message already in the conversation (issue 23): react to it, edit their
 * own text within WhatsApp's 15 minutes, delete their own for everyone. Each follows the ticket
 * rules of sending (the ticket seen by the actor and open; deleting keeps its rule of the author),
 * changes the stored message, announces it on the realtime channels and queues the provider action
 * in the ticket's outbound lane. A request repeated (a retry) finds nothing left to change and
 * queues nothing.
 */
import { EDIT_HISTORY_MAX, editRefusal, mayDeleteMessage, OWN_REACTION_SENDER, type Language, type Message } from '@atende/shared';
import { Types } from 'mongoose';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchWordsOf } from '../../platform/database/models.js';
import { rewriteDocument, updateDocument } from '../../platform/database/serial.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { OutboundPort } from './outboundPort.js';
import { ticketForActor } from '../tickets/access.js';
import { publishMessage } from '../tickets/events.js';
import type { TicketDoc } from '../tickets/model.js';
import { userNames } from '../users/cache.js';
import { MessageActionModel, type MessageActionKind } from './actionModel.js';
import { MessageModel, OUTBOX_WAITING, type MessageDoc } from './model.js';
import { applyReaction } from './reactions.js';
import { followMessageChange } from './ticketPreview.js';
import { messageView } from './view.js';

export function createMessageActions(deps: { realtime: RealtimePublisher; outbound: OutboundPort; language: Language }) {
  const { realtime, outbound, language } = deps;

  /** The message and its ticket, if the actor may see it (another company's: not found). */
  async function messageForActor(actor: AuthCredentials, messageId: string): Promise<{ message: MessageDoc; ticket: TicketDoc }> {
    const message = await MessageModel.findOne({ companyId: actor.companyId, _id: messageId }).lean<MessageDoc>();
    if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND');
    const { ticket } = await ticketForActor(actor, String(message.ticketId));
    return { message, ticket };
  }

  function requireOpen(ticket: TicketDoc): void {
    if (ticket.status !== 'open') throw new AppError('ERR_TICKET_NOT_OPEN');
  }

  /** Stores the provider action and queues it behind the ticket's sends. */
  async function queueAction(actor: AuthCredentials, ticket: TicketDoc, message: MessageDoc, kind: MessageActionKind): Promise<void> {
    const action = await MessageActionModel.create({
      companyId: actor.companyId,
      ticketId: message.ticketId,
      messageId: message._id,
      kind,
      userId: actor.userId,
      lanePlace: ticket.messageCount ?? 0,
      outboxKey: OUTBOX_WAITING,
    });
    outbound.enqueueAction(actor.companyId, String(message.ticketId), String(action._id));
  }

  async function announce(companyId: string, message: MessageDoc, ticket: TicketDoc): Promise<Message> {
    const view = await messageView(companyId, message, [{ _id: ticket.contactId, name: ticket.contact.name }]);
    await publishMessage(realtime, 'update', view, ticket);
    return view;
  }

  return {
    /** The company's reaction ('' takes it back); the same one again changes nothing. */
    async react(actor: AuthCredentials, messageId: string, emoji: string): Promise<Message> {
      const { message, ticket } = await messageForActor(actor, messageId);
      requireOpen(ticket);
      if (message.isDeleted) throw new AppError('ERR_MESSAGE_DELETED');
      const name = (await userNames.get(actor.companyId)).get(actor.userId) ?? '';
      const change = { sender: OWN_REACTION_SENDER, name, emoji, fromMe: true, userId: new Types.ObjectId(actor.userId), at: new Date() };
      const updated = await applyReaction(actor.companyId, message._id, change);
      if (!updated) {
        const current = await MessageModel.findOne({ companyId: actor.companyId, _id: message._id }).lean<MessageDoc>();
        if (current?.isDeleted) throw new AppError('ERR_MESSAGE_DELETED');
        return messageView(actor.companyId, current ?? message, [{ _id: ticket.contactId, name: ticket.contact.name }]);
      }
      await queueAction(actor, ticket, updated, 'reaction');
      return announce(actor.companyId, updated, ticket);
    },

    /**
     * The author's new text, within 15 minutes of sending (ERR_EDIT_WINDOW_CLOSED after); the
     * earlier body is kept, and a signed message keeps its signature.
     */
    async edit(actor: AuthCredentials, messageId: string, text: string): Promise<Message> {
      const { message, ticket } = await messageForActor(actor, messageId);
      const refusal = editRefusal({ ...message, userId: message.userId ? String(message.userId) : null, createdAt: message.createdAt.toISOString() }, actor.userId);
      if (refusal) throw new AppError(refusal);
      requireOpen(ticket);
      const signature = message.signed ? message.body.slice(0, message.body.indexOf('\n') + 1) : '';
      const body = `${signature}${text.trim()}`;
      let changed = false;
      const updated = await rewriteDocument(MessageModel, actor.companyId, message._id, (current) => {
        if (current.isDeleted || current.body === body) return null;
        changed = true;
        const editHistory = [...(current.editHistory ?? []), { body: current.body, editedAt: new Date() }].slice(-EDIT_HISTORY_MAX);
        return { $set: { body, words: searchWordsOf(body), isEdited: true, editHistory } };
      });
      if (!updated) throw new AppError('ERR_NO_MESSAGE_FOUND');
      if (updated.isDeleted) throw new AppError('ERR_MESSAGE_DELETED');
      if (!changed) return messageView(actor.companyId, updated);
      await queueAction(actor, ticket, updated, 'edit');
      return announce(actor.companyId, updated, (await followMessageChange(realtime, updated, language)) ?? ticket);
    },

    /**
     * Only the author deletes a message (see mayDeleteMessage). It stays in the history marked
     * deleted, and is deleted for the customer too (WhatsApp's delete for everyone), through the
     * ticket's lane: a connection down meanwhile gets it once it is back.
     */
    async remove(actor: AuthCredentials, messageId: string): Promise<Message> {
      const { message, ticket } = await messageForActor(actor, messageId);
      const user = { id: actor.userId, profile: actor.profile, super: actor.super };
      if (!mayDeleteMessage({ fromMe: message.fromMe, userId: message.userId ? String(message.userId) : null }, user)) throw new AppError('ERR_NO_PERMISSION');
      const updated = await updateDocument(MessageModel, actor.companyId, messageId, { $set: { isDeleted: true } }, { isDeleted: false });
      if (!updated) {
        // Deleted already (a retried request): nothing more to do.
        const current = await MessageModel.findOne({ companyId: actor.companyId, _id: messageId }).lean<MessageDoc>();
        return messageView(actor.companyId, current ?? message, [{ _id: ticket.contactId, name: ticket.contact.name }]);
      }
      await queueAction(actor, ticket, updated, 'delete');
      return announce(actor.companyId, updated, (await followMessageChange(realtime, updated, language)) ?? ticket);
    },
  };
}

export type MessageActions = ReturnType<typeof createMessageActions>;
