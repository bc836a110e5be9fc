/**
 * Messages of a ticket: the paged history, sending (stored first with ack 0, then handed to the
 * outbound queue; signed with the agent's name on request), acks, automatic messages of the
 * ticket's side effects, and what agents do to a message (actions.ts: react, edit, delete).
 */
import type { Language, Message, MessageOrigin, MessagesPage } from '@atende/shared';
import { Types, type UpdateQuery } from 'mongoose';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import type { Config } from '../../platform/config.js';
import { searchWordsOf } from '../../platform/database/models.js';
import { minuteKeyOf } from '../../platform/database/cleanPoint.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { storeUpload, type StoredMedia } from '../../platform/uploads.js';
import type { OutboundPort } from './outboundPort.js';
import { rewriteDocument, updateDocument } from '../../platform/database/serial.js';
import { createI18n, EDIT_HISTORY_MAX, signatureOf } from '@atende/shared';
import { ticketForActor } from '../tickets/access.js';
import { publishMessage, publishUnread } from '../tickets/events.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { updateTicket } from '../tickets/writer.js';
import { ticketView } from '../tickets/view.js';
import { userNames } from '../users/cache.js';
import { createMessageActions } from './actions.js';
import { createMessageRetry } from './retry.js';
import { MessageModel, type MediaType, type MessageDoc } from './model.js';
import { conversationPage, insertMessage, markMessagesRead } from './store.js';
import { messagePreview } from './preview.js';
import { followMessageChange } from './ticketPreview.js';
import { renderVariables } from './variables.js';
import { markUnsettled, settledBeforeWrite } from './unsettled.js';
import { messageView, messageViews } from './view.js';
import { companyTimeZone } from '../settings/timeZone.js';

export interface OutgoingFile {
  filename: string;
  bytes: Buffer;
}

export interface Outgoing {
  companyId: string;
  ticket: TicketDoc;
  body: string;
  media?: StoredMedia;
  quotedMsgId?: string | null;
  /** The agent sending it from the inbox (shown on the message). */
  userId?: string | null;
  /**
   * The message's id, when the sender derives it from its own record (a campaign's shipping, a
   * scheduled message, a forward's request): a resumed sender finds the message it stored before a
   * crash by it, and never stores two.
   */
  messageId?: Types.ObjectId;
  /** The body starts with the agent's signature (signOption). */
  signed?: boolean;
  /** A copy of another message, sent as forwarded: its body goes as it is (no variables). */
  forwarded?: boolean;
  /** What sends it (the clients name the author by it); the platform's own when not given. */
  origin?: MessageOrigin;
}

export function createMessageService(deps: { realtime: RealtimePublisher; outbound: OutboundPort; config: Config }) {
  const { realtime, outbound, config } = deps;
  const texts = createI18n(config.language);

  /** Stores a message from us, updates the ticket, pushes both, and queues the delivery. */
  async function storeOutbound({ companyId, ticket, body, media, quotedMsgId, userId, messageId, signed, forwarded, origin }: Outgoing): Promise<Message> {
    const rendered = forwarded ? body : renderVariables(body, { contactName: ticket.contact?.name ?? '', ticketId: String(ticket._id), now: new Date(), timeZone: await companyTimeZone(companyId), texts });
    const _id = messageId ?? new Types.ObjectId();
    const mediaType: MediaType = media ? media.mediaType : 'chat';
    // A file without a caption has its name as its body (the spec's send); it goes out without one.
    const stored = { body: media && !rendered ? media.originalName : rendered, mediaType, mediaName: media?.originalName ?? null, signed: Boolean(signed) };
    // The ticket first: its count gives this message its place, even with sends racing each other.
    // Cut after it (a crash, the database gone), the ticket counts a reply never stored: the minute
    // it records lets a start find it (reconcile.ts), and this node settles it before its next message.
    const current = await settledBeforeWrite(ticket);
    let updated: TicketDoc;
    try {
      const placed = { lastMessage: messagePreview(stored, config.language), replyPlacedIn: minuteKeyOf(new Date()) };
      updated = (await updateTicket(companyId, current, { $set: placed, $inc: { messageCount: 1 } })) ?? current;
    } catch (err) {
      markUnsettled(companyId, ticket._id, current.messageCount ?? 0);
      throw err;
    }
    const storing = insertMessage(updated, updated.messageCount - 1, {
      ...stored,
      _id,
      contactId: null,
      whatsappId: ticket.whatsappId,
      providerMessageId: `local:${String(_id)}`,
      fromMe: true,
      userId: userId ?? null,
      origin: origin ?? 'automatic',
      read: true,
      ack: 0,
      mediaPath: media?.fileName ?? null,
      mediaMimeType: media?.mimeType ?? null,
      mediaSize: media?.size ?? null,
      quotedMsgId: quotedMsgId ? new Types.ObjectId(quotedMsgId) : null,
      forwarded: Boolean(forwarded),
    });
    storing.catch(() => markUnsettled(companyId, ticket._id, updated.messageCount - 1));
    // A deterministic id may be stored already (a scheduled message's resumed run): then the insert
    // fails here, before its send is queued a second time.
    if (messageId) await storing;
    // Queued now, in the order of the places the ticket gave: the lane sends it once it is stored.
    outbound.enqueue(companyId, String(ticket._id), String(_id), storing);
    const message = await messageView(companyId, await storing);
    await publishMessage(realtime, 'create', message, updated);
    return message;
  }

  async function markRead(ticket: TicketDoc): Promise<void> {
    if (ticket.unreadMessages === 0) return;
    const companyId = String(ticket.companyId);
    await markMessagesRead(ticket);
    const updated = await updateTicket(companyId, ticket, { $set: { unreadMessages: 0 } });
    if (updated) publishUnread(realtime, updated);
  }

  return {
    storeOutbound,
    markRead,
    ...createMessageActions({ realtime, outbound, language: config.language }),
    ...createMessageRetry({ realtime, outbound }),

    /** Newest page first; each page in chronological order (the conversation scrolls up). */
    async list(actor: AuthCredentials, ticketId: string, pageNumber: number): Promise<MessagesPage> {
      const { ticket } = await ticketForActor(actor, ticketId);
      const { rows, count, hasMore } = await conversationPage(ticket, pageNumber);
      if (ticket.status === 'open' && (!ticket.userId || String(ticket.userId) === actor.userId)) await markRead(ticket);
      return {
        // The customer is named by the ticket's copy (a group's members are read).
        messages: await messageViews(actor.companyId, rows, [{ _id: ticket.contactId, name: ticket.contact.name }]),
        ticket: await ticketView(actor.companyId, ticket),
        count,
        hasMore,
      };
    },

    /** `sign`: the text goes with the agent's name in bold before it (a file without text is not signed). */
    async send(actor: AuthCredentials, ticketId: string, input: { body: string; quotedMsgId?: string | null; files?: OutgoingFile[]; sign?: boolean }): Promise<Message[]> {
      const { ticket } = await ticketForActor(actor, ticketId);
      if (ticket.status !== 'open') throw new AppError('ERR_TICKET_NOT_OPEN');
      const files = input.files ?? [];
      const typed = input.body.trim();
      if (!typed && files.length === 0) throw new AppError('ERR_VALIDATION', { field: 'body', rule: 'any.required' }, 'body: empty messages are not sent');
      const signature = input.sign && typed ? signatureOf((await userNames.get(actor.companyId)).get(actor.userId) ?? '') : '';
      const body = `${signature}${typed}`;
      const signed = signature !== '';
      if (input.quotedMsgId && !(await MessageModel.exists({ companyId: actor.companyId, ticketId: ticket._id, _id: input.quotedMsgId }))) {
        throw new AppError('ERR_NO_MESSAGE_FOUND');
      }
      // Store every file first: one bad file refuses the whole send, nothing half-sent.
      const stored = await Promise.all(files.map((file) => storeUpload(actor.companyId, file)));
      const sent: Message[] = [];
      if (stored.length === 0) {
        sent.push(await storeOutbound({ companyId: actor.companyId, ticket, body, quotedMsgId: input.quotedMsgId ?? null, userId: actor.userId, signed, origin: 'agent' }));
      }
      for (const [index, media] of stored.entries()) {
        // The text goes as the caption of the first file (the spec's body = file name otherwise).
        const first = index === 0;
        sent.push(
          await storeOutbound({
            companyId: actor.companyId,
            ticket,
            body: first ? body : '',
            media,
            quotedMsgId: first ? (input.quotedMsgId ?? null) : null,
            userId: actor.userId,
            signed: first && signed,
            origin: 'agent',
          }),
        );
      }
      await markRead(ticket);
      return sent;
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;

async function publishUpdated(realtime: RealtimePublisher, companyId: string, message: MessageDoc): Promise<void> {
  const ticket = await TicketModel.findOne({ companyId, _id: message.ticketId }).lean<TicketDoc>();
  if (ticket) await publishMessage(realtime, 'update', await messageView(companyId, message), ticket);
}

/** The id of a message known by its connection's provider id (writes are serialised by id). */
async function messageIdOf(companyId: string, whatsappId: string, providerMessageId: string): Promise<Types.ObjectId | null> {
  return (await MessageModel.findOne({ companyId, whatsappId, providerMessageId }, { _id: 1 }).lean<{ _id: Types.ObjectId }>())?._id ?? null;
}

/** Acks only move forward (receipts come in bursts: a late "delivered" never hides a "read"). */
export async function applyAck(realtime: RealtimePublisher, companyId: string, whatsappId: string, providerMessageId: string, ack: number): Promise<void> {
  const id = await messageIdOf(companyId, whatsappId, providerMessageId);
  const updated = id ? await updateDocument(MessageModel, companyId, id, { $set: { ack } }, { ack: { $lt: ack } }) : null;
  if (updated) await publishUpdated(realtime, companyId, updated);
}

export type InboundChange = { isEdited: true; body: string; at: Date } | { isDeleted: true };

/**
 * A stored message edited or deleted on the network (by its author; an edit keeps the earlier
 * body, and the same edit delivered again changes nothing); false when it is not stored.
 */
export async function applyInboundChange(
  realtime: RealtimePublisher,
  companyId: string,
  whatsappId: string,
  providerMessageId: string,
  change: InboundChange,
  language: Language,
): Promise<boolean> {
  const id = await messageIdOf(companyId, whatsappId, providerMessageId);
  if (!id) return false;
  let changed = false;
  const updated = await rewriteDocument(MessageModel, companyId, id, (current) => {
    const update = inboundUpdate(current, change);
    changed = update !== null;
    return update;
  });
  if (updated && changed) {
    await followMessageChange(realtime, updated, language);
    await publishUpdated(realtime, companyId, updated);
  }
  return Boolean(updated);
}

/** The update a change makes to the stored message; null when it changes nothing. */
function inboundUpdate(current: MessageDoc, change: InboundChange): UpdateQuery<MessageDoc> | null {
  if (current.isDeleted) return null;
  if ('isDeleted' in change) return { $set: { isDeleted: true } };
  if (current.body === change.body) return null;
  const editHistory = [...(current.editHistory ?? []), { body: current.body, editedAt: change.at }].slice(-EDIT_HISTORY_MAX);
  return { $set: { body: change.body, words: searchWordsOf(change.body), isEdited: true, editHistory } };
}

/**
 * A message stored as undecryptable, received readable at last (the network's retry succeeded):
 * the placeholder takes the real content. False when it was replaced already.
 */
export async function replaceUndecryptable(
  realtime: RealtimePublisher,
  message: MessageDoc,
  content: { body: string; mediaType: MediaType; media: StoredMedia | null; mediaError: string | null },
): Promise<boolean> {
  const companyId = String(message.companyId);
  const { media } = content;
  const set = {
    body: content.body,
    mediaType: media ? media.mediaType : content.mediaType,
    mediaPath: media?.fileName ?? null,
    mediaMimeType: media?.mimeType ?? null,
    mediaName: media?.originalName ?? null,
    mediaSize: media?.size ?? null,
    mediaError: content.mediaError,
    undecryptable: false,
  };
  const updated = await updateDocument(MessageModel, companyId, message._id, { $set: set }, { undecryptable: true });
  if (updated) await publishUpdated(realtime, companyId, updated);
  return Boolean(updated);
}

/** The media of a received message stored without it, had at a later attempt. */
export async function attachInboundMedia(realtime: RealtimePublisher, message: MessageDoc, media: StoredMedia): Promise<boolean> {
  const companyId = String(message.companyId);
  const updated = await updateDocument(
    MessageModel,
    companyId,
    message._id,
    { $set: { mediaPath: media.fileName, mediaMimeType: media.mimeType, mediaType: media.mediaType, mediaName: media.originalName, mediaSize: media.size, mediaError: null } },
    { mediaPath: null },
  );
  if (updated) await publishUpdated(realtime, companyId, updated);
  return Boolean(updated);
}
