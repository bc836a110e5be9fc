/**
 * One Baileys provider on the test database, driven through a socket double, with what it
 * reports (statuses, inbound messages, acks) recorded.
 */
import { Types } from 'mongoose';
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
    inbound: [],
    acks: [],
    provider: undefined as unknown as Provider,
    again: () => harness(settings, { ...options, scope }),
  };
  const events: ProviderEvents = {
    status(status, detail) {
      made.statuses.push({ status, ...detail });
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
