/**
 * The health of a connection (issue 21): its status timeline with reason codes, how long it has
 * been connected, its last traffic, reconnects, messages recovered after outages and messages
 * that could not be decrypted; and the alerts raised when it stays down.
 */
import type { WhatsappProvider, WhatsappStatus } from './whatsapp.js';

/**
 * Why a connection changed status. The Baileys provider adds WhatsApp's close code (`code`) to
 * `connectionLost`, `loggedOut` and the other close reasons.
 */
export const HEALTH_REASONS = [
  'started',
  'qrWaiting',
  'pairing',
  'paired',
  'reconnected',
  'connectionLost',
  'watchdog',
  'qrNotScanned',
  'loggedOut',
  'connectionReplaced',
  'multideviceMismatch',
  'phoneOffline',
  'logout',
  'startFailed',
] as const;
export type HealthReason = (typeof HEALTH_REASONS)[number];

/** How long a timeline is kept (entries, newest first). */
export const HEALTH_TIMELINE_MAX = 100;

export interface HealthEntry {
  status: WhatsappStatus;
  reason: HealthReason;
  /** WhatsApp's close code (Baileys' DisconnectReason), when the network gave one. */
  code: number | null;
  at: string;
}

export interface ConnectionHealth {
  whatsappId: string;
  name: string;
  provider: WhatsappProvider;
  status: WhatsappStatus;
  reason: HealthReason | null;
  /** Since when the connection has been in its current status. */
  statusSince: string | null;
  /** Since when it has been CONNECTED without a break (null while not connected). */
  connectedSince: string | null;
  lastInboundAt: string | null;
  lastOutboundAt: string | null;
  /** Times it came back (CONNECTED after reconnecting) in the last 24 hours. */
  reconnects24h: number;
  /** Messages stored from offline replays and history backfills (they were missed while down). */
  recovered: number;
  /** Messages that arrived undecryptable (stored as a placeholder until a retry succeeds). */
  decryptFailures: number;
  /** Since when it has been down (TIMEOUT or DISCONNECTED not asked for), null while up. */
  downSince: string | null;
  /** The down alert went out (once per outage). */
  downAlerted: boolean;
  timeline: HealthEntry[];
}

/** Payload of the `connectionAlert` channel (admins only), also sent to the alert webhook. */
export interface ConnectionAlert {
  action: 'down' | 'up';
  whatsappId: string;
  companyId: string;
  name: string;
  status: WhatsappStatus;
  reason: HealthReason | null;
  downSince: string;
  /** 'up': how long it was down, and what was recovered since it went down. */
  downMs: number;
  recovered: number;
  at: string;
}

/** A duration as people read it at a glance, in the two largest units: 45s, 12m, 3h 5m, 2d 4h. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const units: [string, number][] = [
    ['d', Math.floor(seconds / 86_400)],
    ['h', Math.floor(seconds / 3_600) % 24],
    ['m', Math.floor(seconds / 60) % 60],
    ['s', seconds % 60],
  ];
  const first = units.findIndex(([, value]) => value > 0);
  if (first < 0) return '0s';
  return units
    .slice(first, first + 2)
    .filter(([, value], index) => index === 0 || value > 0)
    .map(([unit, value]) => `${value}${unit}`)
    .join(' ');
}
