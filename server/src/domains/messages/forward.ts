/**
 * Forwarding messages to another contact (issue 23). The messages must be ones the agent may see;
 * they go, in the order they were written, as copies marked forwarded (media: the same stored
 * file), through the connection of the conversation they come from. Which ticket they land in is
 * decided as when an agent starts a conversation: the agent's own open ticket with the contact on
 * that connection; else a new open ticket of the agent, in the source ticket's queue (ERR_OTHER_OPEN_TICKET
 * when the contact is with someone else or waiting, as the new-ticket dialog answers).
 *
 * Idempotence: with a `requestId`, each copy's id derives from the user, the key and the original
 * (as a campaign's messages derive from their shipping), so a retried request finds the copies it
 * stored and stores only the missing ones. Without one, each request forwards again.
 */
import { createHash } from 'node:crypto';
import { mayForward, type Message, type MessageForwardInput, type MessageForwardResult } from '@atende/shared';
import { Types } from 'mongoose';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError, toAppError } from '../../platform/errors.js';
import type { StoredMedia } from '../../platform/uploads.js';
import { ContactModel } from '../contacts/model.js';
import { ticketForActor } from '../tickets/access.js';
import { findActiveTicket } from '../tickets/contactTickets.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import type { TicketService } from '../tickets/service.js';
import { ticketView } from '../tickets/view.js';
import type { Viewer } from '../tickets/visibility.js';
import { MessageModel, type MessageDoc } from './model.js';
import type { MessageService } from './service.js';
import { messageView, messageViews } from './view.js';

/** The id of the copy of `sourceId` a forward request makes, the same on every retry. */
export function forwardedMessageId(userId: string, requestId: string, sourceId: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`forward:${userId}:${requestId}:${sourceId}`).digest('hex').slice(0, 24));
}

const MEDIA_TYPE_OF: Record<string, StoredMedia['mediaType']> = { image: 'image', sticker: 'image', audio: 'audio', video: 'video', application: 'application', document: 'application' };
const KIND_OF: Record<StoredMedia['mediaType'], StoredMedia['kind']> = { image: 'image', audio: 'audio', video: 'video', application: 'document' };

/** The stored file of a media message, to send again as it is. */
function mediaOf(message: MessageDoc): StoredMedia | undefined {
  const mediaType = MEDIA_TYPE_OF[message.mediaType];
  if (!message.mediaPath || !mediaType) return undefined;
  return {
    fileName: message.mediaPath,
    kind: KIND_OF[mediaType],
    mediaType,
    mimeType: message.mediaMimeType ?? 'application/octet-stream',
    size: 0,
    originalName: message.mediaName ?? message.mediaPath,
  };
}

/** The copy's text: a file sent without a caption (its body is its name) goes without one again. */
function bodyOf(message: MessageDoc, media: StoredMedia | undefined): string {
  return media && message.body === media.originalName ? '' : message.body;
}

export function createForwarder(deps: { messages: MessageService; tickets: TicketService }) {
  const { messages, tickets } = deps;

  /** The originals, each one the actor may see and that has something to send, oldest first. */
  async function originals(actor: AuthCredentials, ids: string[]): Promise<{ sources: MessageDoc[]; from: TicketDoc; viewer: Viewer }> {
    const found = await Promise.all(ids.map((_id) => MessageModel.findOne({ companyId: actor.companyId, _id }).lean<MessageDoc>()));
    if (found.some((message) => !message)) throw new AppError('ERR_NO_MESSAGE_FOUND');
    const sources = found as MessageDoc[];
    const seen = new Map<string, { ticket: TicketDoc; viewer: Viewer }>();
    for (const ticketId of new Set(sources.map((message) => String(message.ticketId)))) seen.set(ticketId, await ticketForActor(actor, ticketId));
    for (const message of sources) {
      if (!mayForward({ isDeleted: message.isDeleted, mediaType: message.mediaType, mediaUrl: null, mediaError: message.mediaError ?? null })) throw new AppError('ERR_MESSAGE_NOT_FORWARDABLE');
    }
    sources.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq);
    const first = seen.get(String(sources[0]!.ticketId))!;
    return { sources, from: first.ticket, viewer: first.viewer };
  }

  /** The ticket the copies land in, by the rules of starting a conversation with the contact. */
  async function destination(actor: AuthCredentials, contactId: string, from: TicketDoc, viewer: Viewer): Promise<TicketDoc> {
    const contact = await ContactModel.findOne({ companyId: actor.companyId, _id: contactId }, { _id: 1 }).lean();
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    const whatsappId = from.whatsappId ? String(from.whatsappId) : null;
    const active = whatsappId ? await findActiveTicket(actor.companyId, contactId, whatsappId) : null;
    if (active?.status === 'open' && String(active.userId) === actor.userId) return active;
    // A queueless conversation (seen by an agent with allTicket) goes to one of the agent's queues.
    const queueId = from.queueId ? String(from.queueId) : (viewer.isAdmin ? null : (viewer.queueIds[0] ?? null));
    const created = await tickets.create(actor, { contactId, queueId, whatsappId });
    const ticket = await TicketModel.findOne({ companyId: actor.companyId, _id: created.id }).lean<TicketDoc>();
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    return ticket;
  }

  /** The copies a former run of the same request stored, when it stored every one. */
  async function storedBefore(actor: AuthCredentials, ids: Types.ObjectId[]): Promise<MessageForwardResult | null> {
    const copies = await Promise.all(ids.map((_id) => MessageModel.findOne({ companyId: actor.companyId, _id }).lean<MessageDoc>()));
    if (copies.some((copy) => !copy)) return null;
    const done = copies as MessageDoc[];
    const { ticket } = await ticketForActor(actor, String(done[0]!.ticketId));
    const contact = [{ _id: ticket.contactId, name: ticket.contact.name }];
    return { ticket: await ticketView(actor.companyId, ticket), messages: await messageViews(actor.companyId, done, contact) };
  }

  return {
    async forward(actor: AuthCredentials, input: MessageForwardInput): Promise<MessageForwardResult> {
      const { sources, from, viewer } = await originals(actor, input.messageIds);
      const ids = sources.map((source) => (input.requestId ? forwardedMessageId(actor.userId, input.requestId, String(source._id)) : new Types.ObjectId()));
      const repeated = input.requestId ? await storedBefore(actor, ids) : null;
      if (repeated) return repeated;
      const ticket = await destination(actor, input.contactId, from, viewer);
      const sent: Message[] = [];
      for (const [index, source] of sources.entries()) {
        const messageId = ids[index]!;
        const known = await MessageModel.findOne({ companyId: actor.companyId, _id: messageId }).lean<MessageDoc>();
        if (known) {
          sent.push(await messageView(actor.companyId, known));
          continue;
        }
        const media = mediaOf(source);
        const outgoing = { companyId: actor.companyId, ticket, body: bodyOf(source, media), userId: actor.userId, messageId, forwarded: true, origin: 'agent' as const, ...(media ? { media } : {}) };
        try {
          sent.push(await messages.storeOutbound(outgoing));
        } catch (err) {
          // The same request running at once stored it first.
          const raced = toAppError(err).code === 'ERR_DUPLICATED' ? await MessageModel.findOne({ companyId: actor.companyId, _id: messageId }).lean<MessageDoc>() : null;
          if (!raced) throw err;
          sent.push(await messageView(actor.companyId, raced));
        }
      }
      const latest = (await TicketModel.findOne({ companyId: actor.companyId, _id: ticket._id }).lean<TicketDoc>()) ?? ticket;
      return { ticket: await ticketView(actor.companyId, latest), messages: sent };
    },
  };
}

export type Forwarder = ReturnType<typeof createForwarder>;
