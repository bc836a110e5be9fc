/**
 * The sandbox phone's face: the provider plus the controls the `/sandbox` API drives, its
 * settings and states, and the tokens and numbers it makes up.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { SandboxOutboxMessage, SandboxReplayOptions } from '@atende/shared';
import type { InboundMessage, Provider } from '../provider.js';
import type { SandboxDeviceDoc } from './model.js';

export interface SandboxSettings {
  /** Delay of each ack step (1 -> 2 -> 3), in ms. */
  ackMs: number;
  /** How long a QR lasts before it is renewed, in ms. */
  qrMs: number;
  /** Renewals without a scan before the session gives up (DISCONNECTED). */
  qrRetries: number;
}

export const SANDBOX_DEFAULTS: SandboxSettings = { ackMs: 500, qrMs: 60_000, qrRetries: 3 };

export type SandboxState = 'stopped' | 'opening' | 'qrcode' | 'connected' | 'offline';

/** The provider plus the controls the `/sandbox` API drives. */
export interface SandboxPhone extends Provider {
  readonly kind: 'sandbox';
  state(): SandboxState;
  /** The (simulated) scan of the QR; `token` is checked against the QR's content when given. */
  pair(input: { number?: string; token?: string }): Promise<void>;
  /**
   * A customer's message: resolves once the platform stored it, or (`queued`) once it is held
   * because the phone is offline.
   */
  receive(message: InboundMessage): Promise<{ queued: boolean }>;
  /** The customer read these messages: ack 3. Answers the messages that changed. */
  read(providerMessageIds: string[]): Promise<SandboxOutboxMessage[]>;
  /** Numbers starting with one of these prefixes are answered "not on WhatsApp" from now on. */
  setAbsentPrefixes(prefixes: string[]): Promise<SandboxDeviceDoc>;
  /** Brazilian mobile numbers starting with one of these (with the ninth digit) are accounts without it from now on. */
  setLegacyPrefixes(prefixes: string[]): Promise<SandboxDeviceDoc>;
  /** The next `count` sends fail (the sender's retry tests). */
  failNext(count: number): Promise<SandboxDeviceDoc>;
  /**
   * The phone loses (TIMEOUT) or gets back its connection: back, it replays what was held
   * (`replay` options) and then is CONNECTED.
   */
  setOnline(online: boolean, replay?: SandboxReplayOptions): Promise<SandboxDeviceDoc>;
  device(): Promise<SandboxDeviceDoc>;
}

export function isSandboxPhone(provider: Provider | undefined): provider is SandboxPhone {
  return (provider as Partial<SandboxPhone> | undefined)?.kind === 'sandbox';
}

export function pairingToken(whatsappId: string): string {
  return `atende-sandbox:${whatsappId}:${randomBytes(12).toString('hex')}`;
}

/** A Brazilian mobile number: 55, area code, 9 and eight digits. */
export function sandboxNumber(): string {
  return `55${randomInt(11, 100)}9${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
