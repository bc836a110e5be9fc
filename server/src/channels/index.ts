/**
 * The channel layer as the application wires it: provider factories, the session manager and the
 * handlers that take what the networks deliver. app.ts calls `startChannels` after realtime,
 * `start()` after listen and `stop()` on the way down.
 */
import type { Config } from '../platform/config.js';
import type { AppContext } from '../platform/context.js';
import { purgeBaileys } from './baileys/model.js';
import type { MediaDownloader } from './baileys/media.js';
import { createBaileysFactory } from './baileys/provider.js';
import type { SocketFactory } from './baileys/socket.js';
import { purgeSandbox } from './sandbox/model.js';
import { createSandboxFactory } from './sandbox/provider.js';
import type { SandboxSettings } from './sandbox/phone.js';
import { createSessionManager, type SessionHandlers, type SessionManager } from './sessions.js';
import { createAlerts } from './health/alerts.js';
import { purgeHealth } from '../domains/whatsapp/healthModel.js';
import { createHealthRecorder } from './health/recorder.js';
import type { Mailer } from '../platform/mail.js';
import { ownedSessions, type OwnedSessionsDeps } from './cluster/ownedSessions.js';

export type { SessionHandlers, SessionManager } from './sessions.js';

export interface ChannelOptions {
  /**
   * What the networks deliver: messages and acks. Defaults to `defaultHandlers`; a test passes
   * its own double here (through createApp's options).
   */
  handlers?: Partial<SessionHandlers> | ((sessions: SessionManager) => Partial<SessionHandlers>);
  /** Sandbox timings; default from the configuration (ATENDE_SANDBOX_ACK_MS, ATENDE_SANDBOX_QR_MS). */
  sandbox?: Partial<SandboxSettings>;
  /**
   * Baileys: settings over the configuration's (ATENDE_BAILEYS_*), and the socket factory and
   * media downloader (tests pass doubles; default: a real WhatsApp socket).
   */
  baileys?: { settings?: Partial<Config['baileys']>; socket?: SocketFactory; download?: MediaDownloader };
  /** How the connection alerts send e-mail (default: the application's mailer). */
  mailer?: Mailer;
  /** Minutes whose acks a crash may have left unreported (platform/database/cleanPoint.ts): the sandbox reports them again. */
  unsettledMinutes?: string[];
  /** Several nodes (issue 17): each session runs on the node holding its lease. */
  cluster?: Omit<OwnedSessionsDeps, 'logger'>;
}

export interface Channels {
  sessions: SessionManager;
  /** Brings back every session that was running (after the server listens), and the alert sweep. */
  start(): Promise<void>;
  /** Closes every live session, keeping credentials and statuses for the next start. */
  stop(): Promise<void>;
}

/**
 * Until the inbound pipeline and the outbound sender are wired, traffic is only logged.
 * The pipeline replaces this: `return createInboundPipeline(context, sessions)`.
 */
export function defaultHandlers(context: AppContext, _sessions: SessionManager): SessionHandlers {
  return {
    async inbound(companyId, whatsappId, message) {
      context.logger.info({ companyId, whatsappId, providerMessageId: message.providerMessageId, chat: message.chat.id }, 'inbound message (no pipeline yet)');
    },
    async ack(companyId, whatsappId, providerMessageId, ack) {
      context.logger.debug({ companyId, whatsappId, providerMessageId, ack }, 'ack (no pipeline yet)');
    },
  };
}

export function startChannels(context: AppContext, options: ChannelOptions = {}): Channels {
  const { realtime, logger } = context;
  // Late-bound, so handlers may use the session manager they are handed (outbound replies).
  let handlers: SessionHandlers | undefined;
  const health = createHealthRecorder({ logger });
  const alerts = createAlerts({ config: context.config, logger, realtime, mailer: options.mailer ?? context.mailer, health, outbound: context.outbound });
  const ownSessions = createSessionManager({
    realtime,
    logger,
    health,
    providers: {
      sandbox: createSandboxFactory({
        realtime,
        logger,
        settings: { ackMs: context.config.sandboxAckMs, qrMs: context.config.sandboxQrMs, ...options.sandbox },
        unsettledMinutes: options.unsettledMinutes ?? [],
      }),
      beta: createBaileysFactory({
        logger,
        options: {
          settings: { ...context.config.baileys, ...options.baileys?.settings },
          language: context.config.language,
          ...(options.baileys?.socket ? { socket: options.baileys.socket } : {}),
          ...(options.baileys?.download ? { download: options.baileys.download } : {}),
        },
      }),
    },
    purge: async (companyId, whatsappId) => {
      await purgeSandbox(companyId, whatsappId);
      await purgeBaileys(companyId, whatsappId);
      await purgeHealth(companyId, whatsappId);
    },
    inbound: (companyId, whatsappId, message) => handlers!.inbound(companyId, whatsappId, message),
    ack: (companyId, whatsappId, providerMessageId, ack) => handlers!.ack(companyId, whatsappId, providerMessageId, ack),
  });
  const sessions = options.cluster ? ownedSessions(ownSessions, { ...options.cluster, logger }) : ownSessions;
  const given = typeof options.handlers === 'function' ? options.handlers(sessions) : options.handlers;
  handlers = { ...defaultHandlers(context, sessions), ...given };

  return {
    sessions,
    async start() {
      await sessions.startAll();
      alerts.start();
    },
    async stop() {
      await alerts.stop();
      await sessions.stopAll();
    },
  };
}
