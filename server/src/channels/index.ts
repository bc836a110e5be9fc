/**
 * The channel layer as the application wires it: provider factories, the session manager and the
 * handlers that take what the networks deliver. app.ts calls `startChannels` after realtime,
 * `start()` after listen and `stop()` on the way down.
 */
import Joi from 'joi';
import type { AppContext } from '../platform/context.js';
import { setChannelFilter } from '../platform/realtime.js';
import { purgeSandbox } from './sandbox/model.js';
import { createSandboxFactory, SANDBOX_DEFAULTS, type SandboxSettings } from './sandbox/provider.js';
import { createSessionManager, type SessionHandlers, type SessionManager } from './sessions.js';

export type { SessionHandlers, SessionManager } from './sessions.js';

export interface ChannelOptions {
  /**
   * What the networks deliver: messages and acks. Defaults to `defaultHandlers`; a test passes
   * its own double here (through createApp's options).
   */
  handlers?: Partial<SessionHandlers> | ((sessions: SessionManager) => Partial<SessionHandlers>);
  /** Sandbox timings; default from the environment (ATENDE_SANDBOX_ACK_MS, ATENDE_SANDBOX_QR_MS). */
  sandbox?: Partial<SandboxSettings>;
}

export interface Channels {
  sessions: SessionManager;
  /** Brings back every session that was running (after the server listens). */
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

const sandboxEnv = Joi.object({
  ATENDE_SANDBOX_ACK_MS: Joi.number().integer().min(0).max(600_000).default(SANDBOX_DEFAULTS.ackMs),
  ATENDE_SANDBOX_QR_MS: Joi.number().integer().min(100).max(3_600_000).default(SANDBOX_DEFAULTS.qrMs),
}).unknown(true);

/** Sandbox timings from the environment (invalid values fail the start, like the config). */
export function sandboxSettingsFromEnv(env: NodeJS.ProcessEnv): SandboxSettings {
  const { value, error } = sandboxEnv.validate(env, { convert: true });
  if (error) throw new Error(`Invalid configuration: ${error.message}`);
  return { ...SANDBOX_DEFAULTS, ackMs: value.ATENDE_SANDBOX_ACK_MS, qrMs: value.ATENDE_SANDBOX_QR_MS };
}

export function startChannels(context: AppContext, options: ChannelOptions = {}): Channels {
  const { realtime, logger } = context;
  // The sandbox phone is a tool of the company's admins (its routes are theirs too).
  setChannelFilter('sandbox', (_payload, credentials) => credentials.super || credentials.profile === 'admin');

  // Late-bound, so handlers may use the session manager they are handed (outbound replies).
  let handlers: SessionHandlers | undefined;
  const sessions = createSessionManager({
    realtime,
    logger,
    providers: {
      sandbox: createSandboxFactory({ realtime, logger, settings: { ...sandboxSettingsFromEnv(process.env), ...options.sandbox } }),
      // 'beta' (Baileys) arrives with issue 4: until then its sessions fail with ERR_WAPP_NOT_INITIALIZED.
    },
    purge: purgeSandbox,
    inbound: (companyId, whatsappId, message) => handlers!.inbound(companyId, whatsappId, message),
    ack: (companyId, whatsappId, providerMessageId, ack) => handlers!.ack(companyId, whatsappId, providerMessageId, ack),
  });
  const given = typeof options.handlers === 'function' ? options.handlers(sessions) : options.handlers;
  handlers = { ...defaultHandlers(context, sessions), ...given };

  return {
    sessions,
    start: () => sessions.startAll(),
    stop: () => sessions.stopAll(),
  };
}
