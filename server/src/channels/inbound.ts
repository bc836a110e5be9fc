/**
 * The inbound pipeline: provider event -> contact found or created -> active ticket found or
 * created -> message stored -> unread count -> realtime -> chatbot. Idempotent on the provider's
 * message id (checked first, and guarded by the unique index); events of one chat are handled one
 * after another so that a burst never opens two tickets. Edits and revokes change the stored
 * message and reactions land on it (one per sender, never a message of their own); a message
 * delivered again with the media it lacked gets it, and one stored undecryptable gets its content
 * when it arrives readable.
 *
 * Replayed messages (`replayed`: WhatsApp's offline replay, a history backfill, the sandbox's
 * outage replay) are stored like live ones, with their original timestamp (the conversation is
 * ordered by it) and they count as unread and raise notifications. What they trigger, rule by rule:
 * - the greeting, out-of-hours message and queue menu (chatbot start) go out when the replayed
 *   message opens a new ticket, as for a live one: the customer never had an answer. Out of hours
 *   is judged now, when the answer is sent;
 * - they never answer the chatbot: they were written before the menu being answered was sent
 *   (a replay of "hello", "are you there?" must not pick options or count as wrong answers);
 * - a 1..3 answer to a rating request is taken as a live one (it was written after the request);
 * - the flow engine (automation/flows/engine.ts) goes before the chatbot: a new ticket starts its
 *   connection's default flow, replayed or not (as the greeting would go out); a replayed message
 *   never matches a phrase campaign and never advances a running flow. A message the flow takes
 *   is not the chatbot's.
 * - queue integrations (automation/integrations) come after the flows: a replayed message is never
 *   given to one; a message an integration takes is not the chatbot's.
 */
import type { Logger } from '../platform/logger.js';
import type { RealtimePublisher } from '../platform/realtime.js';
import { removeUpload, storeUpload, type StoredMedia } from '../platform/uploads.js';
import { createI18n, OWN_REACTION_SENDER } from '@atende/shared';
import type { Config } from '../platform/config.js';
import { toAppError } from '../platform/errors.js';
import { createPersonDirectory } from '../domains/contacts/identity.js';
import { MessageModel, type MessageDoc } from '../domains/messages/model.js';
import { applyInboundChange, attachInboundMedia, replaceUndecryptable, type MessageService } from '../domains/messages/service.js';
import { messagePreview } from '../domains/messages/preview.js';
import { settleTicket } from '../domains/messages/settle.js';
import { markUnsettled, settledBeforeWrite } from '../domains/messages/unsettled.js';
import { applyInboundReaction } from '../domains/messages/reactions.js';
import { insertMessage } from '../domains/messages/store.js';
import { messageView } from '../domains/messages/view.js';
import { companySetting } from '../domains/settings/service.js';
import { publishMessage } from '../domains/tickets/events.js';
import { activeTicketFor, findRatingTicket } from '../domains/tickets/contactTickets.js';
import { TicketModel, type TicketDoc } from '../domains/tickets/model.js';
import { recordRating } from '../domains/tickets/ratings.js';
import { updateTicket, type TicketChange } from '../domains/tickets/writer.js';
import { connectionSettings } from '../domains/whatsapp/cache.js';
import type { QueueChatbot } from '../automation/queueChatbot.js';
import type { FlowEngine } from '../automation/flows/engine.js';
import type { IntegrationRunner } from '../automation/integrations/runner.js';
import type { AiRunner } from '../automation/ai/runner.js';
import type { CampaignAnswerHook } from '../domains/campaigns/confirmations.js';
import type { Types } from 'mongoose';
import type { InboundMessage } from './provider.js';
import { keyedSerial, updateDocument } from '../platform/database/serial.js';

function isDuplicate(err: unknown): boolean {
  return toAppError(err).code === 'ERR_DUPLICATED';
}

export function createInboundPipeline(deps: {
  realtime: RealtimePublisher;
  logger: Logger;
  messages: MessageService;
  chatbot: QueueChatbot;
  config: Config;
  /** A customer's answer to a campaign's confirmation request (domains/campaigns/confirmations.ts). */
  campaignAnswer?: CampaignAnswerHook;
  /** Flows of the flow builder, before the chatbot (see the header). */
  flows?: FlowEngine;
  /** Queue integrations, after the flows (automation/integrations/runner.ts). */
  integrations?: IntegrationRunner;
  /** The AI assistant of the ticket's queue or connection (automation/ai), after the flows, before the chatbot. */
  ai?: AiRunner;
}) {
  const { realtime, logger, messages, chatbot } = deps;
  const texts = createI18n(deps.config.language);
  const chats = keyedSerial();
  // The contact of a person: by number, LID or both, merging two contacts a message shows to be one person.
  const people = createPersonDirectory({ realtime, language: deps.config.language, ...(deps.flows ? { leaveFlow: deps.flows.leave } : {}) });

  /** A closed ticket waiting for a rating takes a 1..3 answer; anything else ends the wait. */
  async function takeRating(ticket: TicketDoc, body: string): Promise<TicketDoc | null> {
    const rate = /^\s*([1-3])\s*$/.exec(body)?.[1];
    const updated = (await updateTicket(ticket.companyId, ticket, { $set: { awaitingRating: false } })) ?? ticket;
    if (!rate) return null;
    await recordRating({ companyId: ticket.companyId, ticketId: ticket._id, userId: ticket.userId, rate: Number(rate) });
    await messages.storeOutbound({ companyId: String(ticket.companyId), ticket: updated, body: texts.t('inbox.ratingThanks') });
    return updated;
  }

  /** Stores the delivered media; a refusal (type, size) or a failed download is recorded as an ERR_ code. */
  async function storeMedia(companyId: string, whatsappId: string, inbound: InboundMessage): Promise<{ media: StoredMedia | null; mediaError: string | null }> {
    if (!inbound.media) return { media: null, mediaError: inbound.mediaError ?? null };
    try {
      return { media: await storeUpload(companyId, { filename: inbound.media.fileName, bytes: inbound.media.bytes }), mediaError: null };
    } catch (err) {
      logger.warn({ err, whatsappId, providerMessageId: inbound.providerMessageId }, 'inbound media refused');
      return { media: null, mediaError: toAppError(err).code };
    }
  }

  /** A message stored without its media, delivered again with it. */
  async function completeMedia(companyId: string, whatsappId: string, message: MessageDoc, inbound: InboundMessage): Promise<void> {
    const { media, mediaError } = await storeMedia(companyId, whatsappId, inbound);
    if (!media) {
      await updateDocument(MessageModel, companyId, message._id, { $set: { mediaError } });
      return;
    }
    if (!(await attachInboundMedia(realtime, message, media))) await removeUpload(companyId, media.fileName);
  }

  /** Answers whether a new message was stored (false: a duplicate, a change, or nothing kept). */
  async function handle(companyId: string, whatsappId: string, inbound: InboundMessage): Promise<boolean> {
    const whatsapp = await connectionSettings(companyId, whatsappId);
    if (!whatsapp) return false;
    if (inbound.chat.isGroup && (await companySetting(companyId, 'CheckMsgIsGroup')) === 'enabled') return false;
    if (inbound.isEdited || inbound.isDeleted) {
      await applyInboundChange(realtime, companyId, whatsappId, inbound.providerMessageId, inbound.isDeleted ? { isDeleted: true } : { isEdited: true, body: inbound.body, at: inbound.timestamp }, deps.config.language);
      return false;
    }
    if (inbound.isReaction) {
      // On the message reacted to, one per sender: the company's number is one sender ('me').
      const sender = inbound.fromMe ? OWN_REACTION_SENDER : inbound.sender.number;
      const name = inbound.fromMe ? '' : inbound.sender.name;
      await applyInboundReaction(realtime, companyId, whatsappId, inbound.providerMessageId, { sender, name, emoji: inbound.body, fromMe: inbound.fromMe, userId: null, at: inbound.timestamp });
      return false;
    }
    const existing = await MessageModel.findOne({ companyId, whatsappId, providerMessageId: inbound.providerMessageId }).lean<MessageDoc>();
    if (existing) {
      if (existing.undecryptable && !inbound.undecryptable) {
        const media = await storeMedia(companyId, whatsappId, inbound);
        if (!(await replaceUndecryptable(realtime, existing, { body: inbound.body, mediaType: inbound.mediaType, ...media })) && media.media) await removeUpload(companyId, media.media.fileName);
      } else if (existing.mediaError && !existing.mediaPath && inbound.media) await completeMedia(companyId, whatsappId, existing, inbound);
      await repairCount(existing);
      return false;
    }

    const chatContact = await people.contactOf(companyId, { number: inbound.chat.id, name: inbound.chat.name, isGroup: inbound.chat.isGroup, ...(inbound.chat.lid ? { lid: inbound.chat.lid } : {}) });
    const sender =
      inbound.chat.isGroup && !inbound.fromMe
        ? await people.contactOf(companyId, { number: inbound.sender.number, name: inbound.sender.name, ...(inbound.sender.lid ? { lid: inbound.sender.lid } : {}) })
        : chatContact;

    // Tickets wait for a rating only while the company asks for ratings.
    if (!inbound.fromMe && !inbound.chat.isGroup && (await companySetting(companyId, 'userRating')) === 'enabled') {
      const rating = await findRatingTicket(companyId, chatContact._id, whatsappId);
      const rated = rating ? await takeRating(rating, inbound.body) : null;
      if (rated) {
        return Boolean(await storeMessage(companyId, whatsappId, await freshTicket(rated), inbound, sender._id, { media: null, mediaError: null }, false));
      }
    }

    // A message typed on the paired phone itself opens the conversation as the phone's.
    const { ticket, created } = await activeTicketFor(companyId, chatContact, whatsapp._id, { status: inbound.fromMe ? 'open' : 'pending' });
    const stored = await storeMessage(companyId, whatsappId, ticket, inbound, sender._id, await storeMedia(companyId, whatsappId, inbound), true);
    if (!stored || inbound.fromMe) return Boolean(stored);
    if (!inbound.chat.isGroup && !inbound.replayed) await deps.campaignAnswer?.(companyId, whatsappId, chatContact.number, stored);
    const message = { body: inbound.body, replayed: Boolean(inbound.replayed) };
    if (deps.flows && (await deps.flows.customerMessage(stored, whatsappId, whatsapp.flowId, message, created))) return true;
    if (deps.integrations && (await deps.integrations.customerMessage(stored, inbound, whatsapp, { created }))) return true;
    if (deps.ai && (await deps.ai.customerMessage(stored, { body: inbound.body, mediaType: inbound.mediaType }, whatsapp, { created, replayed: message.replayed }))) return true;
    if (created) await chatbot.start(stored, whatsapp);
    else if (stored.chatbot && stored.status === 'pending' && inbound.mediaType === 'chat' && !inbound.replayed) await chatbot.answer(stored, whatsapp, inbound.body);
    return true;
  }

  /** Stores the message and updates the ticket; answers the updated ticket, or null for a duplicate. */
  async function storeMessage(
    companyId: string,
    whatsappId: string,
    copy: TicketDoc,
    inbound: InboundMessage,
    senderId: Types.ObjectId,
    { media, mediaError }: { media: StoredMedia | null; mediaError: string | null },
    touchTicket: boolean,
  ): Promise<TicketDoc | null> {
    const quoted = inbound.quotedProviderMessageId
      ? await MessageModel.findOne({ companyId, whatsappId, providerMessageId: inbound.quotedProviderMessageId }, { _id: 1 }).lean<{ _id: Types.ObjectId }>()
      : null;
    const ticket = await settledBeforeWrite(copy);
    let message: MessageDoc;
    try {
      // The message first, at the ticket's count: a crash before the ticket's update is repaired
      // when the provider delivers the message again (see handle), or at the next start.
      message = await insertMessage(ticket, ticket.messageCount ?? 0, {
        contactId: inbound.fromMe ? null : senderId,
        whatsappId,
        providerMessageId: inbound.providerMessageId,
        body: inbound.body,
        fromMe: inbound.fromMe,
        // Ours, but written on the connected phone itself, not in Atende.
        origin: inbound.fromMe ? 'phone' : null,
        read: inbound.fromMe,
        ack: inbound.fromMe ? 1 : 0,
        mediaType: media ? media.mediaType : inbound.mediaType,
        mediaPath: media?.fileName ?? null,
        mediaMimeType: media?.mimeType ?? null,
        mediaName: media?.originalName ?? null,
        mediaSize: media?.size ?? null,
        mediaError,
        quotedMsgId: quoted?._id ?? null,
        participant: inbound.chat.isGroup ? inbound.sender.number : null,
        undecryptable: Boolean(inbound.undecryptable),
        createdAt: inbound.timestamp,
      });
    } catch (err) {
      if (isDuplicate(err)) return null;
      throw err;
    }
    let updated: TicketDoc;
    try {
      updated = (await countOnTicket(ticket, message, messagePreview(message, deps.config.language), touchTicket)) ?? ticket;
    } catch (err) {
      // Cut between the two writes (the database gone): the ticket is settled before it takes another message.
      markUnsettled(ticket.companyId, ticket._id, message.seq);
      throw err;
    }
    await publishMessage(realtime, 'create', await messageView(companyId, message, [{ _id: updated.contactId, name: updated.contact.name }]), updated);
    return updated;
  }

  /** The ticket takes a stored message: its count, last message and, from the customer, its last message, unread and last interaction. */
  function countOnTicket(ticket: TicketDoc, message: MessageDoc, lastMessage: string, touchTicket: boolean): Promise<TicketDoc | null> {
    const change: TicketChange = { $set: { lastMessage, ...(message.fromMe ? {} : { lastCustomerMessage: lastMessage }), messageCount: Math.max(ticket.messageCount ?? 0, message.seq + 1) } };
    if (touchTicket && !message.fromMe) {
      change.$set = { ...change.$set, lastInteractionAt: new Date() };
      change.$inc = { unreadMessages: 1 };
    }
    return updateTicket(ticket.companyId, ticket, change);
  }

  /**
   * A message delivered again whose ticket never counted it (the process or the database died
   * between the two writes): the ticket takes it now, so unread and last message are right again
   * (a start after a crash repairs the others, domains/messages/reconcile.ts).
   */
  async function repairCount(message: MessageDoc): Promise<void> {
    // Counted already (the usual case of a message delivered twice): nothing to read further.
    const ticket = await TicketModel.findOne({ companyId: message.companyId, _id: message.ticketId }, { messageCount: 1 }).lean<Pick<TicketDoc, 'messageCount'>>();
    if (!ticket || message.seq < (ticket.messageCount ?? 0)) return;
    const updated = await settleTicket(message.companyId, message.ticketId, message.seq, deps.config.language);
    if (updated) await publishMessage(realtime, 'create', await messageView(String(message.companyId), message), updated);
  }

  async function freshTicket(ticket: TicketDoc): Promise<TicketDoc> {
    return (await TicketModel.findOne({ companyId: ticket.companyId, _id: ticket._id }).lean<TicketDoc>()) ?? ticket;
  }

  return {
    /** Handles one provider event; events of the same chat run in arrival order. Answers whether a new message was stored. */
    handle(companyId: string, whatsappId: string, inbound: InboundMessage): Promise<boolean> {
      return chats.run(`${whatsappId}:${inbound.chat.id}`, () => handle(companyId, whatsappId, inbound));
    },
  };
}

export type InboundPipeline = ReturnType<typeof createInboundPipeline>;
