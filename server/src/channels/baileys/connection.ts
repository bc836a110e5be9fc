/**
 * One connection's socket lifecycle: at most one live socket (the old one is ended before a new
 * one opens, and events of an ended socket are dropped), reconnects with exponential backoff and
 * jitter (reset once a connection stayed open `stableMs`), a limit of QR codes without a scan,
 * the close reasons WhatsApp gives handled one by one, and a watchdog that restarts a socket
 * which stopped receiving anything (a session that looks connected but is dead).
 */
import type { ConnectionState } from '@whiskeysockets/baileys';
import type { BaileysConfig } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { backoffMs } from '../outbound.js';
import type { HealthReason } from '@atende/shared';
import type { ProviderEvents } from '../provider.js';
import { baileys } from './library.js';
import type { WaSocket } from './socket.js';
import { within } from './within.js';

export type ConnectionSettings = Pick<BaileysConfig, 'backoffMs' | 'backoffCapMs' | 'stableMs' | 'maxQr' | 'watchdogMs'>;

/** Delay before reconnect attempt `attempt` (1, 2, ...): the capped exponential step, jittered between half and all of it. */
export function reconnectDelay(attempt: number, settings: Pick<ConnectionSettings, 'backoffMs' | 'backoffCapMs'>, random: () => number = Math.random): number {
  const step = backoffMs(attempt, settings.backoffMs, settings.backoffCapMs);
  return Math.round(step / 2 + (random() * step) / 2);
}

/**
 * The status code of a close: Baileys closes with a Boom (read structurally, Baileys bundles its
 * own copy of @hapi/boom); a plain network error has none.
 */
export function closeCode(error: unknown): number | undefined {
  return (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
}

export interface ConnectionHooks {
  /** A new socket with the connection's auth state. */
  createSocket(): Promise<WaSocket>;
  /** Binds the message handlers of a new socket; `live()` turns false once the socket is replaced or ended. */
  bind(socket: WaSocket, live: () => boolean): void;
  /**
   * The socket logged in (CONNECTED). `downMs`: how long the session was without a socket before
   * this one (null when unknown: the first socket since start, which may follow a server restart).
   */
  opened(socket: WaSocket, downMs: number | null): void;
  /** The credentials are no longer valid (logged out on the phone, banned): forget them. */
  forget(): Promise<void>;
  registered(): boolean;
}

export interface Connection {
  start(): Promise<void>;
  /** Closes the socket; no reconnect after it. */
  stop(): Promise<void>;
  /** Tells WhatsApp this device leaves (when logged in), then closes the socket. */
  logout(timeoutMs?: number): Promise<void>;
  /** The socket, when logged in. */
  socket(): WaSocket | undefined;
}

export function createConnection(deps: { settings: ConnectionSettings; logger: Logger; events: Pick<ProviderEvents, 'status'>; hooks: ConnectionHooks }): Connection {
  const { settings, logger, events, hooks } = deps;
  let current: WaSocket | undefined;
  let generation = 0;
  let open = false;
  let stopped = false;
  /** Failed connections since the last stable one. */
  let attempts = 0;
  let qrShown = 0;
  /** TIMEOUT is announced once per outage of a logged-in session. */
  let outage = false;
  let lastFrameAt = Date.now();
  /** When the last logged-in socket went away (undefined: none since start). */
  let downAt: number | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let stableTimer: NodeJS.Timeout | undefined;
  let watchdogTimer: NodeJS.Timeout | undefined;

  function clearTimers(): void {
    clearTimeout(reconnectTimer);
    clearTimeout(stableTimer);
    clearInterval(watchdogTimer);
    reconnectTimer = stableTimer = watchdogTimer = undefined;
  }

  /** Ends the live socket; its later events are dropped (the generation moved on). */
  async function endSocket(): Promise<void> {
    const old = current;
    current = undefined;
    open = false;
    generation += 1;
    clearTimers();
    if (!old) return;
    try {
      await old.end(undefined);
    } catch (err) {
      logger.debug({ err }, 'ending a socket failed');
    }
  }

  function report(error: unknown, what: string): void {
    logger.warn({ err: error }, what);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    await endSocket();
    const mine = generation;
    const socket = await hooks.createSocket();
    // Stopped, or another connect ran, while the socket was being made.
    if (stopped || mine !== generation) {
      await Promise.resolve(socket.end(undefined)).catch(() => undefined);
      return;
    }
    current = socket;
    const live = (): boolean => !stopped && mine === generation;
    lastFrameAt = Date.now();
    socket.ws.on('frame', () => {
      if (live()) lastFrameAt = Date.now();
    });
    socket.ev.on('connection.update', (update) => {
      if (live()) void onUpdate(socket, update).catch((err: unknown) => report(err, 'handling a connection update failed'));
    });
    hooks.bind(socket, live);
    startWatchdog(live);
  }

  function startWatchdog(live: () => boolean): void {
    const every = Math.max(50, Math.floor(settings.watchdogMs / 3));
    watchdogTimer = setInterval(() => {
      if (!live() || Date.now() - lastFrameAt <= settings.watchdogMs) return;
      logger.warn({ silentMs: Date.now() - lastFrameAt }, 'socket silent: restarting it');
      attempts += 1;
      // Open but dead: recorded as an outage of its own (the health timeline says why).
      const wasOpen = open;
      void (async () => {
        if (wasOpen && hooks.registered()) await down('watchdog');
        await connect();
      })().catch((err: unknown) => retryLater(err));
    }, every);
    watchdogTimer.unref();
  }

  function retryLater(error?: unknown): void {
    if (stopped) return;
    if (error) report(error, 'opening a socket failed');
    attempts += 1;
    const delay = reconnectDelay(attempts, settings);
    logger.info({ attempt: attempts, delayMs: delay }, 'reconnecting later');
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect().catch((err: unknown) => retryLater(err));
    }, delay);
    reconnectTimer.unref();
  }

  /** A logged-in session lost its socket: TIMEOUT, announced once per outage. */
  async function down(reason: HealthReason, code?: number): Promise<void> {
    downAt ??= Date.now();
    if (outage) return;
    outage = true;
    await events.status('TIMEOUT', { reason, ...(code !== undefined ? { code } : {}) });
  }

  /** The session ends for good (until started again): no socket, no reconnect. */
  async function end(reason: HealthReason, code?: number): Promise<void> {
    stopped = true;
    await endSocket();
    await events.status('DISCONNECTED', { reason, ...(code !== undefined ? { code } : {}) });
  }

  async function onUpdate(socket: WaSocket, update: Partial<ConnectionState>): Promise<void> {
    if (update.qr) {
      qrShown += 1;
      if (qrShown > settings.maxQr) {
        logger.info({ qrShown: qrShown - 1 }, 'QR codes not scanned: giving up');
        return end('qrNotScanned');
      }
      // Baileys keeps the first code 60 s and each next one 20 s.
      await events.status('qrcode', { qrcode: update.qr, qrExpiresAt: new Date(Date.now() + (qrShown === 1 ? 60_000 : 20_000)) });
    }
    if (update.isNewLogin) await events.status('PAIRING');
    if (update.connection === 'open') {
      open = true;
      outage = false;
      qrShown = 0;
      clearTimeout(stableTimer);
      stableTimer = setTimeout(() => {
        attempts = 0;
      }, settings.stableMs);
      stableTimer.unref();
      const number = baileys().jidDecode(socket.user?.id)?.user ?? '';
      await events.status('CONNECTED', number ? { number } : {});
      const downMs = downAt === undefined ? null : Date.now() - downAt;
      downAt = undefined;
      hooks.opened(socket, downMs);
    }
    if (update.connection === 'close') await onClose(closeCode(update.lastDisconnect?.error));
  }

  async function onClose(code: number | undefined): Promise<void> {
    // The socket ended by itself: it is gone, its events no longer count.
    if (open) downAt ??= Date.now();
    current = undefined;
    open = false;
    generation += 1;
    clearTimers();
    logger.info({ code }, 'connection closed');
    const { DisconnectReason } = baileys();
    switch (code) {
      case DisconnectReason.loggedOut:
      case DisconnectReason.forbidden:
        // Logged out on the phone (or banned): the credentials are worthless, a new scan is needed.
        await hooks.forget();
        return end('loggedOut', code);
      case DisconnectReason.connectionReplaced:
        // Another client took the session: reconnecting would only take it back and loop.
        return end('connectionReplaced', code);
      case DisconnectReason.multideviceMismatch:
        return end('multideviceMismatch', code);
      case DisconnectReason.restartRequired:
        // Asked after a pairing (and on some server restarts): reconnect at once.
        return connect().catch((err: unknown) => retryLater(err));
      default:
        if (!hooks.registered() && qrShown >= settings.maxQr) return end('qrNotScanned');
        // A paired session that cannot reach WhatsApp says so (TIMEOUT) until it is back.
        if (hooks.registered()) await down('connectionLost', code);
        retryLater();
    }
  }

  return {
    async start() {
      stopped = false;
      attempts = 0;
      qrShown = 0;
      downAt = undefined;
      try {
        await connect();
      } catch (err) {
        retryLater(err);
      }
    },
    async stop() {
      stopped = true;
      await endSocket();
    },
    async logout(timeoutMs = 5_000) {
      stopped = true;
      const socket = current;
      if (socket && open && hooks.registered()) {
        await within(
          socket.logout().catch((err: unknown) => report(err, 'logging out on WhatsApp failed')),
          timeoutMs,
          undefined,
        );
      }
      await endSocket();
    },
    socket: () => (open ? current : undefined),
  };
}
