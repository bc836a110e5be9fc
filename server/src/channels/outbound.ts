/**
 * The outbound sender: a stored message (ack 0) is handed to its connection's provider by an
 * Agenda job, so a send survives a restart; failures retry with exponential backoff until
 * MAX_ATTEMPTS, then the message keeps its error for the agent to see.
 */
import type { Logger } from '../platform/logger.js';
import type { JobRunner } from '../platform/jobs.js';
import type { RealtimePublisher } from '../platform/realtime.js';
import { updateDocument } from '../platform/database/serial.js';
import { AppError } from '../platform/errors.js';
import { mediaFilePath } from '../platform/uploads.js';
import { ContactModel, type ContactDoc } from '../domains/contacts/model.js';
import { MessageModel, type MessageDoc } from '../domains/messages/model.js';
import { messageView } from '../domains/messages/view.js';
import { publishMessage } from '../domains/tickets/events.js';
import { TicketModel, type TicketDoc } from '../domains/tickets/model.js';
import type { Types } from 'mongoose';
import { WhatsappModel } from '../domains/whatsapp/model.js';
import type { OutboundMessage, Provider } from './provider.js';

export const SEND_JOB = 'outbound:send';
export const MAX_ATTEMPTS = 8;
const BACKOFF_CAP_MS = 5 * 60_000;

export interface OutboundQueue {
  enqueue(companyId: string, messageId: string): Promise<void>;
  /**
   * Deletes a sent message for the customer through its connection, when the network can
   * (ERR_WAPP_NOT_CONNECTED when that connection is not live). Unsent messages need nothing.
   */
  revoke(companyId: string, message: MessageDoc): Promise<void>;
}

interface SendJob {
  companyId: string;
  messageId: string;
}

/** 1 s, 2 s, 4 s ... capped (at 5 minutes unless told). */
export function backoffMs(attempt: number, baseMs = 1_000, capMs = BACKOFF_CAP_MS): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

const KIND_BY_MEDIA: Record<string, 'image' | 'audio' | 'video' | 'document'> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  application: 'document',
  document: 'document',
};

async function toOutbound(message: MessageDoc, ticket: TicketDoc, contact: ContactDoc): Promise<OutboundMessage> {
  const companyId = String(message.companyId);
  const quoted = message.quotedMsgId
    ? await MessageModel.findOne({ companyId, _id: message.quotedMsgId }, { providerMessageId: 1, fromMe: 1, body: 1, participant: 1 }).lean<
        Pick<MessageDoc, 'providerMessageId' | 'fromMe' | 'body' | 'participant'>
      >()
    : null;
  const kind = KIND_BY_MEDIA[message.mediaType];
  return {
    localId: message.providerMessageId,
    to: { id: contact.number, isGroup: ticket.isGroup },
    body: message.body,
    ...(message.mediaPath && kind
      ? {
          media: {
            filePath: mediaFilePath(companyId, message.mediaPath),
            mimeType: message.mediaMimeType ?? 'application/octet-stream',
            // Its own name: the body is the caption when one was typed.
            fileName: message.mediaName ?? message.mediaPath,
            kind,
            asVoiceNote: kind === 'audio',
          },
        }
      : {}),
    ...(quoted && !quoted.providerMessageId.startsWith('local:')
      ? { quotedProviderMessageId: quoted.providerMessageId, quotedMessage: { fromMe: quoted.fromMe, body: quoted.body, participant: quoted.participant } }
      : {}),
  };
}

export function createOutboundSender(deps: {
  jobs: JobRunner;
  realtime: RealtimePublisher;
  logger: Logger;
  provider(whatsappId: string): Provider | undefined;
  backoffBaseMs?: number;
  /** A message went out through the connection (its health's last outbound). */
  sent?(companyId: string, whatsappId: string): void;
}): OutboundQueue {
  const { jobs, realtime, logger } = deps;

  async function publish(message: MessageDoc, ticket: TicketDoc): Promise<void> {
    await publishMessage(realtime, 'update', await messageView(String(message.companyId), message), ticket);
  }

  async function attempt({ companyId, messageId }: SendJob): Promise<void> {
    const message = await MessageModel.findOne({ companyId, _id: messageId }).lean<MessageDoc>();
    // Already sent (a retry that raced a success), deleted before sending, or gone.
    if (!message || message.ack > 0 || message.isDeleted) return;
    const ticket = await TicketModel.findOne({ companyId, _id: message.ticketId }).lean<TicketDoc>();
    const contact = ticket ? await ContactModel.findOne({ companyId, _id: ticket.contactId }).lean<ContactDoc>() : null;
    if (!ticket || !contact) return;
    try {
      // The ticket's connection now (it may have moved), else the company's default one.
      const whatsappId =
        ticket.whatsappId ?? (await WhatsappModel.findOne({ companyId, isDefault: true }, { _id: 1 }).lean<{ _id: Types.ObjectId }>())?._id ?? null;
      const provider = whatsappId ? deps.provider(String(whatsappId)) : undefined;
      if (!provider) throw new Error('the connection is not started');
      const { providerMessageId } = await provider.send(await toOutbound(message, ticket, contact));
      deps.sent?.(companyId, String(whatsappId));
      // Acks are matched by connection and provider id: record the connection that sent it. The
      // network's receipts may be stored first: "sent" never lowers them.
      const sent = await updateDocument(MessageModel, companyId, messageId, { $set: { providerMessageId, whatsappId, sendError: null }, $max: { ack: 1 }, $inc: { sendAttempts: 1 } });
      if (sent) await publish(sent, ticket);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const failed = await updateDocument(MessageModel, companyId, messageId, { $set: { sendError: reason }, $inc: { sendAttempts: 1 } });
      const attempts = failed?.sendAttempts ?? MAX_ATTEMPTS;
      logger.warn({ messageId, attempts, reason }, 'outbound send failed');
      if (attempts < MAX_ATTEMPTS) {
        await jobs.schedule(new Date(Date.now() + backoffMs(attempts, deps.backoffBaseMs)), SEND_JOB, { companyId, messageId });
      } else if (failed) {
        await publish(failed, ticket);
      }
    }
  }

  /**
   * Sends under way in this process: a job whose lock ran out while its send was still going
   * (a busy moment, such as an outage's replay) is taken over by the job runner, and must not send
   * the message a second time.
   */
  const inFlight = new Set<string>();
  jobs.define<SendJob>(SEND_JOB, async (job) => {
    const key = String(job.messageId);
    if (inFlight.has(key)) return;
    inFlight.add(key);
    try {
      await attempt(job);
    } finally {
      inFlight.delete(key);
    }
  });

  return {
    async enqueue(companyId, messageId) {
      await jobs.now(SEND_JOB, { companyId, messageId });
    },

    async revoke(companyId, message) {
      if (message.ack === 0 || message.providerMessageId.startsWith('local:') || !message.whatsappId) return;
      const provider = deps.provider(String(message.whatsappId));
      if (!provider) throw new AppError('ERR_WAPP_NOT_CONNECTED');
      if (!provider.revoke) return;
      const ticket = await TicketModel.findOne({ companyId, _id: message.ticketId }, { contactId: 1, isGroup: 1 }).lean<Pick<TicketDoc, 'contactId' | 'isGroup'>>();
      const contact = ticket ? await ContactModel.findOne({ companyId, _id: ticket.contactId }, { number: 1 }).lean<Pick<ContactDoc, 'number'>>() : null;
      if (!ticket || !contact) return;
      await provider.revoke({ providerMessageId: message.providerMessageId, to: { id: contact.number, isGroup: ticket.isGroup } });
    },
  };
}
