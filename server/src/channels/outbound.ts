/**
 * The outbound sender: a stored message (ack 0) is handed to its connection's provider at once,
 * in its ticket's lane (sendLanes.ts): the sends of one ticket go out one after another in the
 * order they were written. Failures retry in the lane with exponential backoff until MAX_ATTEMPTS
 * (a later message waits for an earlier failing one), then the message keeps its error for the
 * agent to see; a number WhatsApp does not know is given up at once (recipient.ts). A message waiting to be sent carries its outboxKey until it is sent or given up:
 * the next start finds those by that key and sends them first, in the order written.
 *
 * Provider actions on messages already sent (reactions, edits, deletes for everyone: issue 23) go
 * in the same lanes, in the order asked among the sends (outboundActions.ts), with the same retries
 * and resume.
 *
 * On one node, it sends what it stored and a start resumes every waiting message. With several
 * nodes (issue 17), only the node running a connection's session sends through it: the others tell
 * that node which ticket has something to send (cluster/ownedOutbound.ts), and it queues the
 * ticket's waiting messages and actions in their order (`resumeTicket`); a node that takes a
 * session over queues what waits on that connection (`resumeConnections`).
 */
import type { Logger } from '../platform/logger.js';
import type { RealtimePublisher } from '../platform/realtime.js';
import { updateDocument } from '../platform/database/serial.js';
import { AppError } from '../platform/errors.js';
import { mediaFilePath } from '../platform/uploads.js';
import { ContactModel, type ContactDoc } from '../domains/contacts/model.js';
import { MessageActionModel, type MessageActionDoc } from '../domains/messages/actionModel.js';
import { MessageModel, OUTBOX_WAITING, type MessageDoc } from '../domains/messages/model.js';
import { messageView } from '../domains/messages/view.js';
import { publishMessage } from '../domains/tickets/events.js';
import { TicketModel, type TicketDoc } from '../domains/tickets/model.js';
import type { Types } from 'mongoose';
import { WhatsappModel } from '../domains/whatsapp/model.js';
import { createActionAttempts } from './outboundActions.js';
import type { OutboundMessage, Provider } from './provider.js';
import { isFinalSendError, recipientOf } from './recipient.js';
import { createSendLanes } from './sendLanes.js';
import type { OutboundPort } from '../domains/messages/outboundPort.js';

export const MAX_ATTEMPTS = 8;
const BACKOFF_CAP_MS = 5 * 60_000;

/** The messages domain's OutboundPort, plus what the channel layer itself drives. */
export interface OutboundQueue extends OutboundPort {
  /** Queues what a previous run left unsent or undone (found by outboxKey), in the order asked. Answers how many. */
  resume(): Promise<number>;
  /** Queues what waits to be sent or done in one ticket, in its order (what is queued already stays where it is). */
  resumeTicket(companyId: string, ticketId: string): Promise<number>;
  /** Queues what waits in the tickets of these connections (a session this node took over). */
  resumeConnections(whatsappIds: string[]): Promise<number>;
  /** Sending begins (after the connections started): queued sends wait until then. */
  open(): void;
  /** Ends the waits between retries and lets the sends under way finish. */
  stop(): Promise<void>;
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

async function toOutbound(message: MessageDoc, ticket: TicketDoc, to: string): Promise<OutboundMessage> {
  const companyId = String(message.companyId);
  const quoted = message.quotedMsgId
    ? await MessageModel.findOne({ companyId, _id: message.quotedMsgId }, { providerMessageId: 1, fromMe: 1, body: 1, participant: 1 }).lean<
        Pick<MessageDoc, 'providerMessageId' | 'fromMe' | 'body' | 'participant'>
      >()
    : null;
  const kind = KIND_BY_MEDIA[message.mediaType];
  return {
    localId: message.providerMessageId,
    to: { id: to, isGroup: ticket.isGroup },
    // A file sent without a caption carries its name as its body: the customer gets no caption.
    body: message.mediaPath && message.body === message.mediaName ? '' : message.body,
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
    ...(message.forwarded ? { forwarded: true } : {}),
  };
}

export function createOutboundSender(deps: {
  realtime: RealtimePublisher;
  logger: Logger;
  provider(whatsappId: string): Provider | undefined;
  backoffBaseMs?: number;
  /** A message went out through the connection (its health's last outbound). */
  sent?(companyId: string, whatsappId: string): void;
}): OutboundQueue {
  const { realtime, logger } = deps;
  const lanes = createSendLanes((err) => logger.error({ err }, 'outbound send failed unexpectedly'));
  let open: () => void = () => undefined;
  const opened = new Promise<void>((done) => (open = done));

  async function publish(message: MessageDoc, ticket: TicketDoc): Promise<void> {
    await publishMessage(realtime, 'update', await messageView(String(message.companyId), message), ticket);
  }

  /** One attempt; answers the wait before the next one, or null when the message is done with. */
  async function attempt(companyId: string, messageId: string, resumed: boolean): Promise<number | null> {
    const message = await MessageModel.findOne({ companyId, _id: messageId }).lean<MessageDoc>();
    if (!message || message.ack > 0) return null;
    const ticket = await TicketModel.findOne({ companyId, _id: message.ticketId }).lean<TicketDoc>();
    const contact = ticket ? await ContactModel.findOne({ companyId, _id: ticket.contactId }).lean<ContactDoc>() : null;
    // Deleted before it went out, or its conversation is gone: nothing to send any more.
    if (message.isDeleted || !ticket || !contact) {
      await updateDocument(MessageModel, companyId, messageId, { $set: { outboxKey: null } });
      return null;
    }
    try {
      // The ticket's connection now (it may have moved), else the company's default one.
      const whatsappId =
        ticket.whatsappId ?? (await WhatsappModel.findOne({ companyId, isDefault: true }, { _id: 1 }).lean<{ _id: Types.ObjectId }>())?._id ?? null;
      const provider = whatsappId ? deps.provider(String(whatsappId)) : undefined;
      if (!provider) throw new AppError('ERR_WAPP_NOT_CONNECTED');
      const to = await recipientOf(contact, provider);
      const { providerMessageId } = await provider.send({ ...(await toOutbound(message, ticket, to)), again: resumed || message.sendAttempts > 0 || Boolean(message.sendError) });
      deps.sent?.(companyId, String(whatsappId));
      // Acks are matched by connection and provider id: record the connection that sent it. The
      // network's receipts may be stored first: "sent" never lowers them.
      const sent = await updateDocument(MessageModel, companyId, messageId, {
        $set: { providerMessageId, whatsappId, sendError: null, outboxKey: null },
        $max: { ack: 1 },
        $inc: { sendAttempts: 1 },
      });
      if (sent) await publish(sent, ticket);
      return null;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const attempts = (message.sendAttempts ?? 0) + 1;
      const givenUp = attempts >= MAX_ATTEMPTS || isFinalSendError(err);
      // The agents see the catalogue's text of the code; the provider's own words stay in the log.
      const sendError = err instanceof AppError ? err.code : 'ERR_SENDING_WAPP_MSG';
      const failed = await updateDocument(MessageModel, companyId, messageId, { $set: { sendError, ...(givenUp ? { outboxKey: null } : {}) }, $inc: { sendAttempts: 1 } });
      logger.warn({ messageId, attempts, reason }, 'outbound send failed');
      if (!givenUp) return backoffMs(attempts, deps.backoffBaseMs);
      if (failed) await publish(failed, ticket);
      return null;
    }
  }

  const attemptAction = createActionAttempts({
    logger,
    provider: deps.provider,
    maxAttempts: MAX_ATTEMPTS,
    backoff: (attempts) => backoffMs(attempts, deps.backoffBaseMs),
    ...(deps.sent ? { sent: deps.sent } : {}),
  });

  /** Jobs in a lane now: a message or action found waiting again while queued keeps its place. */
  const queued = new Set<string>();

  /** Runs one job of the ticket's lane until it is done with, retrying with backoff. */
  function queueJob(ticketId: string, id: string, ready: Promise<unknown>, run: () => Promise<number | null>): void {
    if (queued.has(id)) return;
    queued.add(id);
    lanes.queue(ticketId, async () => {
      try {
        await Promise.all([ready, opened]);
        for (let tries = 1; ; tries++) {
          // An attempt that could not even read or record (the database away) is retried too; past
          // the limit the job keeps its outboxKey, for the next start.
          const wait = await run().catch((err: unknown) => {
            logger.warn({ err, id }, 'outbound job could not be attempted');
            return tries < MAX_ATTEMPTS ? backoffMs(tries, deps.backoffBaseMs) : null;
          });
          if (wait === null || !(await lanes.pause(wait))) return;
        }
      } finally {
        queued.delete(id);
      }
    });
  }

  function enqueue(companyId: string, ticketId: string, messageId: string, stored: Promise<unknown> = Promise.resolve(), resumed = false): void {
    // Settled before the lane reaches it: a message that was not stored fails its read and is skipped.
    const ready = stored.then(
      () => undefined,
      () => undefined,
    );
    queueJob(ticketId, messageId, ready, () => attempt(companyId, messageId, resumed));
  }

  function enqueueAction(companyId: string, ticketId: string, actionId: string, resumed = false): void {
    queueJob(ticketId, actionId, Promise.resolve(), () => attemptAction(companyId, actionId, resumed));
  }

  type Waiting = { _id: Types.ObjectId; companyId: Types.ObjectId; ticketId: Types.ObjectId; place: number; action: boolean };

  /** The messages and actions waiting to go (outboxKey), of one ticket or of all. */
  async function waitingJobs(ticket?: { companyId: string; ticketId: string }): Promise<Waiting[]> {
    const filter = { outboxKey: OUTBOX_WAITING, ...(ticket ? { companyId: ticket.companyId, ticketId: ticket.ticketId } : {}) };
    const options = ticket ? {} : { crossTenant: true };
    const [messages, actions] = await Promise.all([
      MessageModel.find(filter, { companyId: 1, ticketId: 1, seq: 1 }, options).lean<Pick<MessageDoc, '_id' | 'companyId' | 'ticketId' | 'seq'>[]>(),
      MessageActionModel.find(filter, { companyId: 1, ticketId: 1, lanePlace: 1 }, options).lean<Pick<MessageActionDoc, '_id' | 'companyId' | 'ticketId' | 'lanePlace'>[]>(),
    ]);
    // An action asked when the ticket had N messages goes after seq N - 1 and before seq N.
    return [
      ...messages.map((message) => ({ ...message, place: message.seq, action: false })),
      ...actions.map((action) => ({ ...action, place: action.lanePlace - 0.5, action: true })),
    ];
  }

  /** Queues them in their order, each as a send that may have gone out before. */
  function queueWaiting(waiting: Waiting[]): number {
    waiting.sort((a, b) => a.place - b.place || String(a._id).localeCompare(String(b._id)));
    for (const job of waiting) {
      if (job.action) enqueueAction(String(job.companyId), String(job.ticketId), String(job._id), true);
      else enqueue(String(job.companyId), String(job.ticketId), String(job._id), undefined, true);
    }
    return waiting.length;
  }

  /**
   * The tickets among these whose connection (else their company's default one) is one of `whatsappIds`.
   * Off the hot path: it runs when a node takes sessions over, on the few tickets with sends waiting.
   */
  async function ticketsOn(ticketIds: Types.ObjectId[], whatsappIds: Set<string>): Promise<Set<string>> {
    const tickets = await TicketModel.find({ _id: { $in: ticketIds } }, { companyId: 1, whatsappId: 1 }, { crossTenant: true }).lean<Pick<TicketDoc, '_id' | 'companyId' | 'whatsappId'>[]>();
    const defaults = new Map<string, string | null>();
    const on = new Set<string>();
    for (const ticket of tickets) {
      const companyId = String(ticket.companyId);
      if (!ticket.whatsappId && !defaults.has(companyId)) {
        const found = await WhatsappModel.findOne({ companyId, isDefault: true }, { _id: 1 }).lean<{ _id: Types.ObjectId }>();
        defaults.set(companyId, found ? String(found._id) : null);
      }
      const whatsappId = ticket.whatsappId ? String(ticket.whatsappId) : defaults.get(companyId);
      if (whatsappId && whatsappIds.has(whatsappId)) on.add(String(ticket._id));
    }
    return on;
  }

  return {
    enqueue,
    enqueueAction: (companyId, ticketId, actionId) => enqueueAction(companyId, ticketId, actionId),

    async resume() {
      const waiting = await waitingJobs();
      const count = queueWaiting(waiting);
      if (count > 0) logger.info({ messages: waiting.filter((job) => !job.action).length, actions: waiting.filter((job) => job.action).length }, 'outbound: resuming the sends a previous run left');
      return count;
    },

    async resumeTicket(companyId, ticketId) {
      return queueWaiting(await waitingJobs({ companyId, ticketId }));
    },

    async resumeConnections(whatsappIds) {
      if (whatsappIds.length === 0) return 0;
      const waiting = await waitingJobs();
      const on = await ticketsOn([...new Map(waiting.map((job) => [String(job.ticketId), job.ticketId])).values()], new Set(whatsappIds));
      const count = queueWaiting(waiting.filter((job) => on.has(String(job.ticketId))));
      if (count > 0) logger.info({ jobs: count, connections: whatsappIds.length }, 'outbound: resuming the sends waiting on connections taken over');
      return count;
    },

    open: () => open(),

    stop: () => lanes.stop(),
  };
}
