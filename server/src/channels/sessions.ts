/**
 * The session manager: one live provider at most per connection, the status machine of document
 * 1 section 4 (DISCONNECTED -> OPENING -> qrcode -> PAIRING -> CONNECTED; TIMEOUT) saved on the
 * `whatsapp` document and pushed on `whatsappSession`, and the sessions coming back after a
 * restart. Operations on one connection run one after another; status events of a provider are
 * written in the order they came, and events of a provider that is no longer live are dropped.
 */
import type { WhatsappProvider } from '@atende/shared';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { RealtimePublisher } from '../platform/realtime.js';
import { announceSession } from '../domains/whatsapp/queries.js';
import { WhatsappModel, type WhatsappDoc } from '../domains/whatsapp/model.js';
import type { InboundMessage, Provider, ProviderEvents, ProviderFactory, SessionStatus, StatusReason } from './provider.js';
import { connectionWrites, keyedSerial } from '../platform/database/serial.js';
import type { HealthRecorder } from './health/recorder.js';
import type { SessionControl } from '../domains/whatsapp/sessionControl.js';

export interface SessionHandlers {
  /**
   * A message the network delivered; resolves once it is stored (the provider then acknowledges
   * it), with false when it was a duplicate (nothing new stored).
   */
  inbound(companyId: string, whatsappId: string, message: InboundMessage): Promise<boolean | void>;
  /** Delivery progress of a message sent through this connection. */
  ack(companyId: string, whatsappId: string, providerMessageId: string, ack: number): Promise<void>;
}

export interface SessionManagerOptions extends SessionHandlers {
  realtime: RealtimePublisher;
  logger: Logger;
  /** Factories by the connection's provider; a missing one makes its sessions fail clearly. */
  providers: Partial<Record<WhatsappProvider, ProviderFactory>>;
  /** Removes what providers keep of a deleted connection besides credentials (sandbox outbox). */
  purge?: (companyId: string, whatsappId: string) => Promise<void>;
  /** Sessions started together at boot. */
  bootConcurrency?: number;
  /** Each connection's health: statuses with their reasons, traffic, recovered messages. */
  health: HealthRecorder;
}

/** The domains' SessionControl, plus what the channel layer itself drives. */
export interface SessionManager extends SessionControl {
  /** Closes the live session keeping its credentials and saved status. */
  stop(whatsappId: string): Promise<void>;
  /** Server stop: closes every live session (statuses stay, so startAll brings them back). */
  stopAll(): Promise<void>;
  /** Boot: starts every connection whose session was not ended by a logout (with several nodes, those `claim` grants this node). */
  startAll(claim?: Claim): Promise<void>;
  /** Starts the wanted connections (not ended by a logout) that `claim` grants this node; answers their ids. */
  startClaimed(claim: Claim): Promise<string[]>;
  /** The live provider of a connection on this node (the outbound sender sends through it). */
  provider(whatsappId: string): Provider | undefined;
  /** The live provider of a connection on whichever node runs it (the sandbox API drives it). */
  reach(whatsappId: string): Promise<Provider | undefined>;
  /** The connections' health records (the health routes read them, the sender reports sends). */
  readonly health: HealthRecorder;
}

/** Whether this node may start the connection's session (several nodes: it took the lease). */
export type Claim = (companyId: string, whatsappId: string) => Promise<boolean>;

interface Live {
  companyId: string;
  provider: Provider;
  /** QR codes shown since the session started: retries = qrCodes - 1. */
  qrCodes: number;
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { realtime, logger, providers, health } = options;
  const lives = new Map<string, Live>();
  const operations = keyedSerial();
  // Status writes share the queue of every other write to the connection document.
  const writes = connectionWrites;
  let closing = false;

  async function findDoc(companyId: string, whatsappId: string): Promise<WhatsappDoc> {
    const doc = await WhatsappModel.findOne({ _id: whatsappId, companyId }).lean<WhatsappDoc>();
    if (!doc) throw new AppError('ERR_NO_WAPP_FOUND');
    return doc;
  }

  /** Saves a status (qrcode only while status is qrcode) and pushes it on whatsappSession. */
  async function saveStatus(companyId: string, whatsappId: string, status: SessionStatus, detail: { qrcode?: string; qrExpiresAt?: Date; number?: string; retries?: number } = {}): Promise<boolean> {
    const set: Record<string, unknown> = { status, qrcode: status === 'qrcode' ? (detail.qrcode ?? '') : '', qrExpiresAt: status === 'qrcode' ? (detail.qrExpiresAt ?? null) : null };
    if (detail.number) set.number = detail.number;
    if (detail.retries !== undefined) set.retries = detail.retries;
    const doc = await WhatsappModel.findOneAndUpdate({ _id: whatsappId, companyId }, { $set: set }, { returnDocument: 'after' }).lean<WhatsappDoc>();
    // Deleted meanwhile: nothing to save or announce.
    if (doc) await announceSession(realtime, doc);
    return Boolean(doc);
  }

  /** Saves the status and records it, with why it changed, on the connection's health. */
  function writeStatus(companyId: string, whatsappId: string, status: SessionStatus, detail: { qrcode?: string; qrExpiresAt?: Date; number?: string; retries?: number } & StatusReason = {}): Promise<void> {
    return writes.run(whatsappId, async () => {
      if (await saveStatus(companyId, whatsappId, status, detail)) await health.status(companyId, whatsappId, { status, reason: detail.reason, code: detail.code });
    });
  }

  function eventsFor(whatsappId: string, live: () => Live | undefined): ProviderEvents {
    const current = (): Live | undefined => {
      const mine = live();
      return mine && lives.get(whatsappId) === mine && !closing ? mine : undefined;
    };
    return {
      async status(status, detail) {
        const mine = current();
        if (!mine) return;
        let retries: number | undefined;
        if (status === 'qrcode') {
          mine.qrCodes += 1;
          retries = mine.qrCodes - 1;
        } else if (status === 'CONNECTED') {
          retries = 0;
        }
        if (status === 'DISCONNECTED') {
          // The session ended by itself (QR never scanned, network gone): it is no longer live.
          lives.delete(whatsappId);
          void mine.provider.stop().catch((err: unknown) => logger.warn({ err, whatsappId }, 'stopping an ended session failed'));
        }
        logger.info({ companyId: mine.companyId, whatsappId, status }, 'connection status');
        await writeStatus(mine.companyId, whatsappId, status, { ...detail, ...(retries !== undefined ? { retries } : {}) });
      },
      async inbound(message) {
        const mine = current();
        if (!mine) throw new AppError('ERR_WAPP_NOT_CONNECTED');
        const stored = await options.inbound(mine.companyId, whatsappId, message);
        health.inbound(mine.companyId, whatsappId, message, stored !== false);
      },
      async ack(providerMessageId, ack) {
        const mine = current();
        if (!mine) return;
        await options.ack(mine.companyId, whatsappId, providerMessageId, ack);
      },
    };
  }

  /** A provider used only to forget credentials (logout or new QR while no session is live). */
  function detached(doc: WhatsappDoc): Provider | undefined {
    const factory = providers[doc.provider];
    if (!factory) return undefined;
    const events: ProviderEvents = {
      status: () => undefined,
      inbound: () => Promise.reject(new AppError('ERR_WAPP_NOT_CONNECTED')),
      ack: () => Promise.resolve(),
    };
    return factory({ companyId: String(doc.companyId), whatsappId: String(doc._id), events });
  }

  async function stopLive(whatsappId: string): Promise<void> {
    const live = lives.get(whatsappId);
    if (!live) return;
    lives.delete(whatsappId);
    try {
      await live.provider.stop();
    } catch (err) {
      logger.warn({ err, whatsappId }, 'stopping a session failed');
    }
    await writes.settled(whatsappId);
  }

  /** Forgets the credentials: through the live session when there is one. */
  async function forget(doc: WhatsappDoc): Promise<void> {
    const whatsappId = String(doc._id);
    const live = lives.get(whatsappId);
    lives.delete(whatsappId);
    const provider = live?.provider ?? detached(doc);
    if (provider) await provider.logout();
    await writes.settled(whatsappId);
  }

  async function open(doc: WhatsappDoc): Promise<WhatsappDoc> {
    const companyId = String(doc.companyId);
    const whatsappId = String(doc._id);
    const factory = providers[doc.provider];
    if (!factory) {
      logger.warn({ companyId, whatsappId, provider: doc.provider }, `no "${doc.provider}" provider in this build: the session cannot start`);
      await writeStatus(companyId, whatsappId, 'DISCONNECTED', { retries: 0, reason: 'startFailed' });
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', { provider: doc.provider });
    }
    await writeStatus(companyId, whatsappId, 'OPENING', { retries: 0, reason: 'started' });
    let live: Live | undefined;
    const provider = factory({ companyId, whatsappId, events: eventsFor(whatsappId, () => live) });
    live = { companyId, provider, qrCodes: 0 };
    lives.set(whatsappId, live);
    try {
      await provider.start();
    } catch (err) {
      logger.error({ err, companyId, whatsappId }, 'session start failed');
      if (lives.get(whatsappId) === live) lives.delete(whatsappId);
      await provider.stop().catch(() => undefined);
      await writeStatus(companyId, whatsappId, 'DISCONNECTED', { reason: 'startFailed' });
      throw err instanceof AppError ? err : new AppError('ERR_WAPP_NOT_INITIALIZED');
    }
    await writes.settled(whatsappId);
    return findDoc(companyId, whatsappId);
  }

  async function setAutoStart(doc: WhatsappDoc, autoStart: boolean): Promise<void> {
    await writes.run(String(doc._id), () => WhatsappModel.updateOne({ _id: doc._id, companyId: doc.companyId }, { $set: { autoStart } }));
  }

  function refuseWhileClosing(): void {
    if (closing) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  }

  /** Starts the connections not ended by a logout (those `claim` grants), a few at a time; answers how many were wanted. */
  async function startWanted(claim?: Claim): Promise<number> {
    const wanted = await WhatsappModel.find({ autoStart: true }, { companyId: 1 }).setOptions({ crossTenant: true }).lean<Pick<WhatsappDoc, '_id' | 'companyId'>[]>();
    const size = Math.max(1, options.bootConcurrency ?? 8);
    for (let i = 0; i < wanted.length; i += size) {
      await Promise.all(
        wanted.slice(i, i + size).map(async ({ _id, companyId }) => {
          try {
            if (claim && !(await claim(String(companyId), String(_id)))) return;
            await manager.start(String(companyId), String(_id));
          } catch (err) {
            logger.warn({ err, companyId: String(companyId), whatsappId: String(_id) }, 'session did not come back at boot');
          }
        }),
      );
    }
    return wanted.length;
  }

  const manager: SessionManager = {
    start(companyId, whatsappId) {
      return operations.run(whatsappId, async () => {
        refuseWhileClosing();
        const doc = await findDoc(companyId, whatsappId);
        await stopLive(whatsappId);
        await setAutoStart(doc, true);
        return open(doc);
      });
    },

    restart(companyId, whatsappId) {
      return operations.run(whatsappId, async () => {
        refuseWhileClosing();
        const doc = await findDoc(companyId, whatsappId);
        await forget(doc);
        await setAutoStart(doc, true);
        return open(doc);
      });
    },

    logout(companyId, whatsappId) {
      return operations.run(whatsappId, async () => {
        const doc = await findDoc(companyId, whatsappId);
        try {
          await forget(doc);
        } finally {
          await setAutoStart(doc, false);
          await writeStatus(companyId, whatsappId, 'DISCONNECTED', { retries: 0, reason: 'logout' });
        }
        return findDoc(companyId, whatsappId);
      });
    },

    remove(companyId, whatsappId) {
      return operations.run(whatsappId, async () => {
        const doc = await WhatsappModel.findOne({ _id: whatsappId, companyId }).lean<WhatsappDoc>();
        if (!doc) return;
        try {
          await forget(doc);
        } catch (err) {
          logger.warn({ err, companyId, whatsappId }, 'forgetting the credentials of a deleted connection failed');
        }
        await options.purge?.(companyId, whatsappId);
      });
    },

    stop(whatsappId) {
      return operations.run(whatsappId, () => stopLive(whatsappId));
    },

    async stopAll() {
      closing = true;
      // Starts under way finish first (new ones are refused), so none outlives the stop.
      await operations.all();
      await Promise.all([...lives.keys()].map((whatsappId) => manager.stop(whatsappId)));
      await operations.all();
      await writes.all();
      await health.flushAll();
    },

    async startAll(claim) {
      // Nothing is live at boot: a status other than DISCONNECTED of a logged-out connection is stale.
      await WhatsappModel.updateMany({ autoStart: false, status: { $ne: 'DISCONNECTED' } }, { $set: { status: 'DISCONNECTED', qrcode: '' } }).setOptions({ crossTenant: true });
      const wanted = await startWanted(claim);
      logger.info({ sessions: lives.size, wanted }, 'sessions started');
    },

    async startClaimed(claim) {
      const started: string[] = [];
      await startWanted(async (companyId, whatsappId) => {
        const granted = await claim(companyId, whatsappId);
        if (granted) started.push(whatsappId);
        return granted;
      });
      return started;
    },

    provider(whatsappId) {
      return lives.get(whatsappId)?.provider;
    },

    reach: async (whatsappId) => lives.get(whatsappId)?.provider,

    directory(whatsappId) {
      return lives.get(whatsappId)?.provider ?? null;
    },

    flushHealth: (whatsappId) => health.flush(whatsappId),

    health,
  };
  return manager;
}
