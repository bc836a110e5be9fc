/**
 * The Baileys provider: a connection speaking real WhatsApp multi-device. Auth state in the
 * database (./authState.ts), socket lifecycle (./connection.ts), received messages (./receive.ts),
 * calls (./calls.ts); sending, the actions on sent messages (react, edit, revoke), acks and
 * Baileys' getMessage here. The socket factory is injected so tests drive everything up to the
 * socket with a double.
 */
import { createHash } from 'node:crypto';
import type { AnyMessageContent, proto, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import { createI18n, type ErrorCode, type Language } from '@atende/shared';
import type { BaileysConfig } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { MessageModel, type MessageDoc } from '../../domains/messages/model.js';
import type { OutboundAction, OutboundMessage, Provider, ProviderContext, ProviderFactory } from '../provider.js';
import { keyedSerial } from '../../platform/database/serial.js';
import { ackOfReceipt, ackOfStatus } from './acks.js';
import { requestBackfill } from './backfill.js';
import { clearAuthState, loadAuthState, type AuthStore } from './authState.js';
import { createCallHandler } from './calls.js';
import { createConnection } from './connection.js';
import type { CallBody } from './content.js';
import { jidOf, presenceOf } from './identity.js';
import { baileys, loadBaileys } from './library.js';
import { createDownloader, type MediaDownloader } from './media.js';
import { contentOf, deletionOf, editOf, quotedOf, reactionOf } from './outgoing.js';
import { createReceiver } from './receive.js';
import { defaultSocketFactory, type SocketFactory, type WaSocket } from './socket.js';
import { pruneSent, saveSent, sentContent } from './store.js';

export interface BaileysOptions {
  settings: BaileysConfig;
  /** Language of the texts sent to customers and of call logs. */
  language: Language;
  /** Default: Baileys' makeWASocket (tests pass a double). */
  socket?: SocketFactory;
  /** Default: Baileys' downloadMediaMessage. */
  download?: MediaDownloader;
}

/** Received messages of a connection are handled in arrival order. */
const receiving = keyedSerial();

/**
 * The WhatsApp id of one of our messages, derived from our own id (in the form Baileys makes
 * them): a send repeated after a crash carries the same id, which the network takes as the same
 * message rather than a second one.
 */
export function messageIdOf(localId: string): string {
  return `3EB0${createHash('sha256').update(localId).digest('hex').toUpperCase().slice(0, 18)}`;
}

export function createBaileysFactory(deps: { logger: Logger; options: BaileysOptions }): ProviderFactory {
  return (context) => createBaileysProvider(context, deps);
}

function createBaileysProvider({ companyId, whatsappId, events }: ProviderContext, deps: { logger: Logger; options: BaileysOptions }): Provider {
  const { options } = deps;
  const { settings } = options;
  const scope = { companyId, whatsappId };
  const logger = deps.logger.child({ whatsappId, provider: 'baileys' });
  const libraryLogger = deps.logger.child({ whatsappId, module: 'baileys' }, { level: settings.logLevel });
  const texts = createI18n(options.language);
  const callBody: CallBody = ({ isVideo, missed }) => {
    if (missed) return texts.t(isVideo ? 'inbox.missedVideoCall' : 'inbox.missedVoiceCall');
    return texts.t(isVideo ? 'inbox.videoCall' : 'inbox.voiceCall');
  };
  const receiver = createReceiver({
    scope,
    logger,
    events,
    settings,
    callBody,
    undecryptableBody: texts.t('inbox.undecryptable'),
    download: options.download ?? createDownloader(libraryLogger),
  });
  const onCalls = createCallHandler({ scope, logger, events, callBody, rejectReply: () => texts.t('inbox.callsDisabled') });
  const makeSocket = options.socket ?? defaultSocketFactory;
  let auth: AuthStore | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retrying = false;
  /** Ids of our sends under way: their echo may come before the send returns. */
  const sending = new Set<string>();

  /** Baileys' retry requests: the content we sent, else the text we kept of the message. */
  async function getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    const stored = await sentContent(scope, key);
    if (stored) return stored;
    const ours = key.id ? await MessageModel.findOne({ ...scope, providerMessageId: key.id }, { body: 1, mediaType: 1 }).lean<Pick<MessageDoc, 'body' | 'mediaType'>>() : null;
    return ours?.mediaType === 'chat' && ours.body ? baileys().proto.Message.fromObject({ conversation: ours.body }) : undefined;
  }

  function report(what: string): (err: unknown) => void {
    return (err) => logger.warn({ err }, what);
  }

  function retryNow(): void {
    const socket = connection.socket();
    if (!socket || retrying) return;
    retrying = true;
    void receiver
      .retryDue(socket)
      .catch(report('retrying received messages failed'))
      .finally(() => {
        retrying = false;
      });
  }

  /** A message this connection sent itself, coming back (its echo): stored already by the sender. */
  async function isEcho(message: WAMessage): Promise<boolean> {
    const { id, fromMe } = message.key;
    if (!fromMe || !id) return false;
    return sending.has(id) || Boolean(await sentContent(scope, { id }));
  }

  /** Late messages (offline replay, history backfill): every one but our own echoes, in order. */
  function receiveLate(socket: WaSocket, messages: WAMessage[]): void {
    void receiving
      .run(whatsappId, async () => {
        for (const message of messages) if (!(await isEcho(message))) await receiver.receive(socket, message, { replayed: true });
      })
      .catch(report('handling replayed messages failed'));
  }

  function ack(id: string | null | undefined, value: number | null): void {
    if (!id || value === null) return;
    void events.ack(id, value).catch(report('an ack was not taken'));
  }

  function bind(socket: WaSocket, live: () => boolean): void {
    const store = auth!;
    // Baileys changes the credentials object itself; every change is written, in order.
    socket.ev.on('creds.update', (update) => {
      Object.assign(store.state.creds, update);
      void store.saveCreds().catch(report('saving the credentials failed'));
    });
    socket.ev.on('messages.upsert', ({ messages, type }) => {
      if (!live()) return;
      // 'append': what arrived while the session was down (WhatsApp's offline replay), our own
      // echoes, and messages rebuilt from notifications; new messages come as 'notify'.
      if (type === 'append') return receiveLate(socket, messages);
      void receiving
        .run(whatsappId, async () => {
          for (const message of messages) await receiver.receive(socket, message);
        })
        .catch(report('handling received messages failed'));
    });
    socket.ev.on('messaging-history.set', ({ messages, syncType }) => {
      // Only what we asked for (backfill after a gap); the bulk history of a pairing is not
      // turned into tickets.
      if (live() && syncType === baileys().proto.HistorySync.HistorySyncType.ON_DEMAND) receiveLate(socket, messages);
    });
    socket.ev.on('messages.update', (updates) => {
      if (!live()) return;
      for (const { key, update } of updates) if (key.fromMe) ack(key.id, ackOfStatus(update.status));
    });
    socket.ev.on('message-receipt.update', (receipts) => {
      if (!live()) return;
      for (const { key, receipt } of receipts) if (key.fromMe) ack(key.id, ackOfReceipt(receipt));
    });
    socket.ev.on('call', (calls) => {
      if (live()) void receiving.run(whatsappId, () => onCalls(socket, calls)).catch(report('handling a call failed'));
    });
  }

  const connection = createConnection({
    settings,
    logger,
    events,
    hooks: {
      async createSocket() {
        const store = auth!;
        const { Browsers, isJidBroadcast, isJidNewsletter, makeCacheableSignalKeyStore } = baileys();
        return makeSocket({
          auth: { creds: store.state.creds, keys: makeCacheableSignalKeyStore(store.state.keys, libraryLogger) },
          logger: libraryLogger,
          browser: Browsers.ubuntu('Atende'),
          // The phone keeps its notifications; our own sends are stored by the sender, not echoed.
          markOnlineOnConnect: false,
          emitOwnEvents: false,
          syncFullHistory: false,
          shouldIgnoreJid: (jid) => Boolean(isJidBroadcast(jid) || isJidNewsletter(jid)),
          getMessage,
        });
      },
      bind,
      opened(socket, downMs) {
        void pruneSent(scope, settings.keepDays).catch(report('pruning sent contents failed'));
        retryNow();
        // Back after more than a blip (or after a restart, the outage's length unknown).
        if (downMs === null || downMs >= settings.backfillAfterMs) {
          void requestBackfill(scope, socket, logger)
            .then((chats) => logger.info({ chats, downMs }, 'asked WhatsApp for the recent history of the active chats'))
            .catch(report('backfill failed'));
        }
      },
      forget: async () => {
        await (auth ? auth.clear() : clearAuthState(scope));
      },
      registered: () => auth?.registered() ?? false,
    },
  });

  function stopRetries(): void {
    clearInterval(retryTimer);
    retryTimer = undefined;
  }

  function connected(): WaSocket {
    const socket = connection.socket();
    if (!socket) throw new AppError('ERR_WAPP_NOT_CONNECTED');
    return socket;
  }

  /**
   * A reaction, edit or delete of a message: a message of its own to WhatsApp, with an id derived
   * from the action's (a repeat is the same message to the network), kept for retry requests.
   */
  async function act(action: OutboundAction, content: (jid: string) => AnyMessageContent, failure: ErrorCode): Promise<void> {
    const socket = connected();
    const jid = await jidOf(companyId, action.to);
    const messageId = messageIdOf(action.localId);
    sending.add(messageId);
    try {
      const sent = await socket.sendMessage(jid, content(jid), { messageId });
      if (sent?.key.id && sent.message) await saveSent(scope, sent.key.id, sent.message).catch(report('keeping a sent content failed'));
    } catch (err) {
      throw new AppError(failure, { reason: err instanceof Error ? err.message : String(err) }, err instanceof Error ? err.message : undefined);
    } finally {
      sending.delete(messageId);
    }
  }

  return {
    async start() {
      await loadBaileys();
      auth = await loadAuthState(scope);
      stopRetries();
      retryTimer = setInterval(retryNow, settings.retryMs);
      retryTimer.unref();
      await connection.start();
    },

    async stop() {
      stopRetries();
      await connection.stop();
      await auth?.settled();
    },

    async logout() {
      stopRetries();
      await connection.logout();
      await (auth ? auth.clear() : clearAuthState(scope));
    },

    async send(message: OutboundMessage) {
      const socket = connected();
      const jid = await jidOf(companyId, message.to);
      const stored = message.quotedProviderMessageId ? await sentContent(scope, { id: message.quotedProviderMessageId }) : null;
      const quoted = quotedOf(jid, message, stored);
      const messageId = messageIdOf(message.localId);
      let sent;
      sending.add(messageId);
      try {
        sent = await socket.sendMessage(jid, contentOf(message), { messageId, ...(quoted ? { quoted } : {}) });
        const providerMessageId = sent?.key.id;
        if (!providerMessageId) throw new AppError('ERR_SENDING_WAPP_MSG');
        if (sent?.message) await saveSent(scope, providerMessageId, sent.message).catch(report('keeping a sent content failed'));
        return { providerMessageId };
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError('ERR_SENDING_WAPP_MSG', { reason: err instanceof Error ? err.message : String(err) }, err instanceof Error ? err.message : undefined);
      } finally {
        sending.delete(messageId);
      }
    },

    revoke: (action) => act(action, (jid) => deletionOf(jid, action), 'ERR_DELETE_WAPP_MSG'),

    react: (action) => act(action, (jid) => reactionOf(jid, action), 'ERR_SENDING_WAPP_MSG'),

    edit: (action) => act(action, (jid) => editOf(jid, action), 'ERR_SENDING_WAPP_MSG'),

    async onWhatsApp(numbers) {
      const socket = connected();
      let found: { jid: string; exists: boolean }[] | undefined;
      try {
        found = await socket.onWhatsApp(...numbers);
      } catch (err) {
        throw new AppError('ERR_WAPP_CHECK_CONTACT', { reason: err instanceof Error ? err.message : String(err) });
      }
      return presenceOf(numbers, found ?? []);
    },
  };
}
