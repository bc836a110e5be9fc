/**
 * Received WhatsApp messages to the platform: who wrote them (phone number preferred over LID),
 * what they say, their media downloaded; then handed to the inbox, which resolves once the message
 * is stored. A message whose handling or media download failed is kept and tried again later
 * (the inbox stores nothing twice, and fills in the media of a message stored without it).
 */
import type { WAMessage } from '@whiskeysockets/baileys';
import type { Logger } from '../../platform/logger.js';
import { companySetting } from '../../domains/settings/service.js';
import type { InboundMessage, ProviderEvents } from '../provider.js';
import { mapContent, type CallBody, type MappedContent } from './content.js';
import { groupId, isGroupJid, personOf, rememberLid, type Person } from './identity.js';
import { baileys } from './library.js';
import { tooLarge, type MediaDownloader } from './media.js';
import type { WaSocket } from './socket.js';
import { within } from './within.js';
import { dueRetries, retryDone, scheduleRetry, type RetrySettings, type Scope } from './store.js';

const GROUP_NAME_TIMEOUT_MS = 5_000;

export interface ReceiveOptions {
  /** Delivered late (offline replay, history backfill): see InboundMessage.replayed. */
  replayed?: boolean;
}

export interface Receiver {
  /** Handles one received message (errors are kept for a retry, never thrown). */
  receive(socket: WaSocket, message: WAMessage, options?: ReceiveOptions): Promise<void>;
  /** Tries again the messages whose time has come. */
  retryDue(socket: WaSocket): Promise<void>;
}

interface Mapped {
  inbound: InboundMessage;
  /** The media download failed: worth another attempt. */
  retry: boolean;
}

export function createReceiver(deps: {
  scope: Scope;
  logger: Logger;
  events: Pick<ProviderEvents, 'inbound'>;
  settings: RetrySettings;
  callBody: CallBody;
  /** The text stored for a message that could not be decrypted. */
  undecryptableBody: string;
  download: MediaDownloader;
}): Receiver {
  const { scope, logger, events, settings } = deps;
  const groupNames = new Map<string, string>();

  async function groupName(socket: WaSocket, jid: string): Promise<string> {
    const known = groupNames.get(jid);
    if (known !== undefined) return known;
    const asked = socket.groupMetadata(jid).then((meta) => meta.subject ?? '');
    const subject = await within(asked.catch(() => ''), GROUP_NAME_TIMEOUT_MS, '');
    if (subject) groupNames.set(jid, subject);
    return subject;
  }

  async function parties(socket: WaSocket, message: WAMessage, remoteJid: string): Promise<Pick<InboundMessage, 'chat' | 'sender'>> {
    const { key } = message;
    const fromMe = Boolean(key.fromMe);
    const lidMapping = socket.signalRepository.lidMapping;
    const lidOf = (person: Person) => (person.lid ? { lid: person.lid } : {});
    if (isGroupJid(remoteJid)) {
      const chat = { id: groupId(remoteJid), name: await groupName(socket, remoteJid), isGroup: true };
      if (fromMe || !key.participant) return { chat, sender: { number: baileys().jidDecode(socket.user?.id)?.user ?? '', name: '' } };
      const author = await personOf(key.participant, key.participantAlt, lidMapping);
      await rememberLid(scope.companyId, author);
      return { chat, sender: { number: author.number, name: message.pushName ?? '', ...lidOf(author) } };
    }
    const person = await personOf(remoteJid, key.remoteJidAlt, lidMapping);
    await rememberLid(scope.companyId, person);
    // pushName of a message typed on the paired phone is ours, not the customer's.
    const name = fromMe ? '' : (message.pushName ?? '');
    return { chat: { id: person.number, name, isGroup: false, ...lidOf(person) }, sender: { number: person.number, name, ...lidOf(person) } };
  }

  /**
   * Baileys hands over a message it could not decrypt (Bad MAC, no session) as a CIPHERTEXT stub
   * and asks the sender for a retry; a retry that succeeds comes as the same id with content.
   */
  function undecryptable(message: WAMessage): MappedContent | null {
    if (message.message || message.messageStubType !== baileys().proto.WebMessageInfo.StubType.CIPHERTEXT) return null;
    return { action: 'message', mediaType: 'chat', body: deps.undecryptableBody };
  }

  async function map(socket: WaSocket, message: WAMessage, options: ReceiveOptions): Promise<Mapped | null> {
    const { key } = message;
    const remoteJid = key.remoteJid;
    const { isJidBroadcast, isJidNewsletter, toNumber } = baileys();
    if (!remoteJid || !key.id || isJidBroadcast(remoteJid) || isJidNewsletter(remoteJid)) return null;
    const unreadable = undecryptable(message);
    const content = unreadable ?? mapContent(message, deps.callBody);
    if (!content) return null;
    // Groups ignored by the company: not even their media is downloaded.
    if (isGroupJid(remoteJid) && (await companySetting(scope.companyId, 'CheckMsgIsGroup')) === 'enabled') return null;
    const seconds = toNumber(message.messageTimestamp);
    const base = {
      ...(await parties(socket, message, remoteJid)),
      fromMe: Boolean(key.fromMe),
      timestamp: seconds ? new Date(seconds * 1000) : new Date(),
      ...(options.replayed ? { replayed: true } : {}),
      ...(unreadable ? { undecryptable: true } : {}),
    };
    if (content.action === 'edit') return { inbound: { ...base, providerMessageId: content.providerMessageId, body: content.body, mediaType: 'chat', isEdited: true }, retry: false };
    if (content.action === 'delete') return { inbound: { ...base, providerMessageId: content.providerMessageId, body: '', mediaType: 'chat', isDeleted: true }, retry: false };
    if (content.action === 'react') {
      const at = content.at ? { timestamp: content.at } : {};
      return { inbound: { ...base, ...at, providerMessageId: content.providerMessageId, body: content.emoji, mediaType: 'chat', isReaction: true }, retry: false };
    }

    const inbound: InboundMessage = {
      ...base,
      providerMessageId: key.id,
      body: content.body,
      mediaType: content.mediaType,
      ...(content.quotedProviderMessageId ? { quotedProviderMessageId: content.quotedProviderMessageId } : {}),
    };
    const media = content.media;
    if (!media) return { inbound, retry: false };
    if (tooLarge(media)) return { inbound: { ...inbound, mediaError: 'ERR_MEDIA_TOO_LARGE' }, retry: false };
    try {
      const bytes = await deps.download(message, socket);
      return { inbound: { ...inbound, media: { bytes, mimeType: media.mimeType, fileName: media.fileName } }, retry: false };
    } catch (err) {
      logger.warn({ err, providerMessageId: key.id }, 'media download failed');
      return { inbound: { ...inbound, mediaError: 'ERR_WAPP_DOWNLOAD_MEDIA' }, retry: true };
    }
  }

  /** One attempt; answers whether the message needs another. */
  async function attempt(socket: WaSocket, message: WAMessage, options: ReceiveOptions = {}): Promise<{ again: boolean; error: string }> {
    try {
      const mapped = await map(socket, message, options);
      if (mapped) await events.inbound(mapped.inbound);
      return { again: Boolean(mapped?.retry), error: mapped?.inbound.mediaError ?? '' };
    } catch (err) {
      logger.warn({ err, providerMessageId: message.key.id }, 'inbound message not taken');
      return { again: true, error: err instanceof Error ? err.message : String(err) };
    }
  }

  return {
    async receive(socket, message, options) {
      const { again, error } = await attempt(socket, message, options);
      if (!again) return;
      await scheduleRetry(scope, message, error, settings).catch((err: unknown) => logger.error({ err, providerMessageId: message.key.id }, 'could not keep a message for a retry'));
    },

    async retryDue(socket) {
      for (const { providerMessageId, message } of await dueRetries(scope)) {
        const { again, error } = await attempt(socket, message);
        if (again) await scheduleRetry(scope, message, error, settings);
        else await retryDone(scope, providerMessageId);
      }
    },
  };
}
