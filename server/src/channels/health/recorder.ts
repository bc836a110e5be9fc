/**
 * Keeps each connection's health document current. Status changes are written at once, with the
 * timeline and the outage bookkeeping (down since, the "back" alert); traffic (last inbound and
 * outbound, messages recovered, decryption failures) is gathered in memory and written at most
 * once a second per connection, so a replay of thousands of messages costs a handful of
 * writes, not one per message. Reads flush first.
 */
import { HEALTH_TIMELINE_MAX, type HealthReason, type WhatsappStatus } from '@atende/shared';
import type { Logger } from '../../platform/logger.js';
import { keyedSerial } from '../../platform/database/serial.js';
import { ConnectionHealthModel, type ConnectionHealthDoc, type HealthEntryDoc } from '../../domains/whatsapp/healthModel.js';

export interface StatusChange {
  status: WhatsappStatus;
  reason?: HealthReason | undefined;
  code?: number | undefined;
}

interface Pending {
  companyId: string;
  lastInboundAt?: Date;
  lastOutboundAt?: Date;
  recovered: number;
  decryptFailures: number;
  timer: NodeJS.Timeout;
}

/** Statuses asked for by a person or the server (not an outage). */
const CHOSEN: HealthReason[] = ['logout'];

function reasonOf(change: StatusChange, previous: ConnectionHealthDoc | null): HealthReason {
  if (change.reason) return change.reason;
  switch (change.status) {
    case 'CONNECTED':
      if (previous?.status === 'TIMEOUT' || previous?.down) return 'reconnected';
      return previous?.status === 'PAIRING' || previous?.status === 'qrcode' ? 'paired' : 'started';
    case 'qrcode':
      return 'qrWaiting';
    case 'PAIRING':
      return 'pairing';
    case 'TIMEOUT':
      return 'connectionLost';
    default:
      return 'started';
  }
}

/** The update a status change makes to the health document. */
function statusUpdate(previous: ConnectionHealthDoc | null, change: StatusChange, now: Date): Partial<ConnectionHealthDoc> {
  const reason = reasonOf(change, previous);
  const entry: HealthEntryDoc = { status: change.status, reason, code: change.code ?? null, at: now };
  const last = previous?.timeline[0];
  // A repeat (each renewed QR code) is not a change: the timeline keeps its first entry.
  const repeated = last?.status === entry.status && last.reason === entry.reason && (last.code ?? null) === entry.code;
  const set: Partial<ConnectionHealthDoc> = {
    status: change.status,
    reason,
    timeline: repeated ? previous!.timeline : [entry, ...(previous?.timeline ?? [])].slice(0, HEALTH_TIMELINE_MAX),
  };
  if (previous?.status !== change.status || !previous.statusSince) set.statusSince = now;
  set.connectedSince = change.status === 'CONNECTED' ? (previous?.status === 'CONNECTED' ? previous.connectedSince : now) : null;
  const wasDown = Boolean(previous?.down);
  const goesDown = change.status === 'TIMEOUT' || (change.status === 'DISCONNECTED' && !CHOSEN.includes(reason));
  if (goesDown && !wasDown) {
    Object.assign(set, { down: true, downSince: now, downAlerted: false, recoveredAtDown: previous?.recovered ?? 0, backPending: false });
  } else if (wasDown && (change.status === 'CONNECTED' || (change.status === 'DISCONNECTED' && !goesDown))) {
    // Only an outage the admins were told of gets its "back" alert.
    if (previous?.downAlerted && change.status === 'CONNECTED') Object.assign(set, { backPending: true, backAt: now, backDownSince: previous.downSince });
    Object.assign(set, { down: false, downSince: null, downAlerted: false });
  }
  return set;
}

/** How long traffic gathers in memory before it is written (per connection). */
const FLUSH_MS = 1_000;

export function createHealthRecorder(deps: { logger: Logger }) {
  const { logger } = deps;
  const writes = keyedSerial();
  const pending = new Map<string, Pending>();

  function pendingOf(companyId: string, whatsappId: string): Pending {
    let entry = pending.get(whatsappId);
    if (!entry) {
      const timer = setTimeout(() => void flush(whatsappId).catch((err: unknown) => logger.warn({ err, whatsappId }, 'writing connection health failed')), FLUSH_MS);
      timer.unref();
      entry = { companyId, recovered: 0, decryptFailures: 0, timer };
      pending.set(whatsappId, entry);
    }
    return entry;
  }

  function flush(whatsappId: string): Promise<void> {
    const entry = pending.get(whatsappId);
    if (!entry) return writes.settled(whatsappId);
    pending.delete(whatsappId);
    clearTimeout(entry.timer);
    const set: Record<string, Date> = {};
    if (entry.lastInboundAt) set.lastInboundAt = entry.lastInboundAt;
    if (entry.lastOutboundAt) set.lastOutboundAt = entry.lastOutboundAt;
    const inc = { recovered: entry.recovered, decryptFailures: entry.decryptFailures };
    return writes.run(whatsappId, async () => {
      // No upsert: the first status write creates the document, and a deleted connection stays gone.
      await ConnectionHealthModel.updateOne({ companyId: entry.companyId, whatsappId }, { $set: set, $inc: inc });
    });
  }

  return {
    /** Records a status change with its timeline entry and outage bookkeeping. */
    status(companyId: string, whatsappId: string, change: StatusChange, now = new Date()): Promise<void> {
      return writes.run(whatsappId, async () => {
        const filter = { companyId, whatsappId };
        const previous = await ConnectionHealthModel.findOne(filter).lean<ConnectionHealthDoc>();
        await ConnectionHealthModel.updateOne(filter, { $set: statusUpdate(previous, change, now) }, { upsert: true });
      });
    },

    /** Runs a read-change-write of a connection's health after its queued writes (the alert sweeps). */
    serial<T>(whatsappId: string, task: () => Promise<T>): Promise<T> {
      return writes.run(whatsappId, task);
    },

    /** A message the network delivered was stored (`stored`: new, not a duplicate). */
    inbound(companyId: string, whatsappId: string, message: { fromMe: boolean; replayed?: boolean | undefined; undecryptable?: boolean | undefined }, stored: boolean): void {
      if (!stored) return;
      const entry = pendingOf(companyId, whatsappId);
      if (!message.fromMe) entry.lastInboundAt = new Date();
      if (message.replayed) entry.recovered += 1;
      if (message.undecryptable) entry.decryptFailures += 1;
    },

    /** A message went out through the connection. */
    outbound(companyId: string, whatsappId: string): void {
      pendingOf(companyId, whatsappId).lastOutboundAt = new Date();
    },

    flush,

    /** Writes everything gathered (server stop). */
    async flushAll(): Promise<void> {
      await Promise.all([...pending.keys()].map((whatsappId) => flush(whatsappId)));
      await writes.all();
    },
  };
}

export type HealthRecorder = ReturnType<typeof createHealthRecorder>;
