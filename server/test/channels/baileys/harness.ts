/**
 * One Baileys provider on the test database, driven through a socket double, with what it
 * reports (statuses, inbound messages, acks) recorded.
 */
import mongoose, { Types } from 'mongoose';
import type { WAMessage } from '@whiskeysockets/baileys';
import { loadBaileys, type Baileys } from '../../../src/channels/baileys/library.js';
import { testDatabaseUri } from '../../support/engine.js';
import { createBaileysFactory } from '../../../src/channels/baileys/provider.js';
import type { MediaDownloader } from '../../../src/channels/baileys/media.js';
import type { InboundMessage, Provider, ProviderEvents, SessionStatus } from '../../../src/channels/provider.js';
import { loadConfig, type BaileysConfig } from '../../../src/platform/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import { socketBench, type SocketBench } from './socketDouble.js';

export interface Harness {
  companyId: string;
  whatsappId: string;
  provider: Provider;
  bench: SocketBench;
  statuses: { status: SessionStatus; qrcode?: string; number?: string }[];
  /** When each QR code reported stops being valid. */
  qrExpiries: Date[];
  inbound: InboundMessage[];
  acks: [string, number][];
  /** Another provider of the same connection (a restart), on its own bench. */
  again(): Harness;
}

export const BAILEYS_DEFAULTS: BaileysConfig = loadConfig({}, () => 'test-secret-0123456789').baileys;

const logger = createLogger('silent');

export interface HarnessOptions {
  download?: MediaDownloader;
  /** Runs before a message is recorded; throwing refuses it (the inbox failed). */
  inbound?: (message: InboundMessage) => Promise<void>;
  scope?: { companyId: string; whatsappId: string };
}

export function harness(settings: Partial<BaileysConfig> = {}, options: HarnessOptions = {}): Harness {
  const scope = options.scope ?? { companyId: String(new Types.ObjectId()), whatsappId: String(new Types.ObjectId()) };
  const bench = socketBench();
  const made: Harness = {
    ...scope,
    bench,
    statuses: [],
    qrExpiries: [],
    inbound: [],
    acks: [],
    provider: undefined as unknown as Provider,
    again: () => harness(settings, { ...options, scope }),
  };
  const events: ProviderEvents = {
    status(status, detail) {
      const { qrExpiresAt, ...shown } = detail ?? {};
      if (qrExpiresAt) made.qrExpiries.push(qrExpiresAt);
      made.statuses.push({ status, ...shown });
    },
    async inbound(message) {
      await options.inbound?.(message);
      made.inbound.push(message);
    },
    async ack(providerMessageId, ack) {
      made.acks.push([providerMessageId, ack]);
    },
  };
  const factory = createBaileysFactory({
    logger,
    options: {
      settings: { ...BAILEYS_DEFAULTS, backoffMs: 5_000, watchdogMs: 60_000, ...settings },
      language: 'en',
      socket: bench.factory,
      download: options.download ?? (async () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])),
    },
  });
  made.provider = factory({ ...scope, events });
  return made;
}

/** Polls until the check passes (or fails with what it saw). */
export async function until(check: () => boolean | Promise<boolean>, label: string, ms = 3_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${label}: not reached in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function statusesOf(h: Harness): string[] {
  return h.statuses.map((s) => s.status);
}

export interface ProviderSuite {
  /** Baileys' protobuf classes (after the suite's `before`). */
  proto(): Baileys['proto'];
  /** Stops the provider after the test. */
  track(h: Harness): Harness;
  /** Starts the provider, opens its first socket as `number` (`paired`: the credentials know who we are), waits for CONNECTED. */
  connected(h: Harness, number: string, options?: { paired?: boolean }): Promise<Harness>;
  /** A message as Baileys builds it from a received node (WebMessageInfo.fromObject, then the key); `content` null: none (a stub). */
  message(key: Record<string, unknown>, content: Record<string, unknown> | null, extra?: Record<string, unknown>): WAMessage;
}

/**
 * The hooks of a provider test file (Baileys loaded, a database of its own, every provider started
 * by `connected` stopped after each test) and its helpers.
 */
export function providerSuite(database: string): ProviderSuite {
  const running: Harness[] = [];
  let proto: Baileys['proto'] | undefined;
  before(async () => {
    ({ proto } = await loadBaileys());
    await mongoose.connect(testDatabaseUri(database));
  });
  afterEach(async () => {
    for (const h of running.splice(0)) await h.provider.stop();
  });
  after(async () => {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  });
  return {
    proto: () => proto!,
    track(h) {
      running.push(h);
      return h;
    },
    async connected(h, number, { paired = false } = {}) {
      running.push(h);
      await h.provider.start();
      const socket = await h.bench.waitFor(1);
      if (paired) socket.emit('creds.update', { me: { id: `${number}:12@s.whatsapp.net`, name: 'Shop' } });
      socket.open(number);
      await until(() => statusesOf(h).includes('CONNECTED'), 'connected');
      return h;
    },
    message(key, content, extra = {}) {
      return Object.assign(proto!.WebMessageInfo.fromObject({ messageTimestamp: 1_700_000_000, pushName: 'Maria', ...(content ? { message: content } : {}), ...extra }), { key }) as WAMessage;
    },
  };
}
