/**
 * The sandbox provider: a simulated phone per connection, so the whole product works without
 * WhatsApp. Start shows a QR whose content is a pairing token; the pairing is confirmed through
 * the API (standing for the scan); a paired phone comes back CONNECTED after a restart. What is
 * sent lands in the device's outbox with acks advancing 1 -> 2 -> 3 on timers, and so do the
 * company's reactions, edits and deletes (each an outbox entry of its kind; an edit or delete
 * changes the customer's copy too); customers' messages are injected through `receive`, and held
 * while the phone is offline to be replayed when it comes back (./outage.ts).
 */
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { SandboxActionKind, SandboxOutboxMessage } from '@atende/shared';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePayload, RealtimePublisher } from '../../platform/realtime.js';
import type { InboundMessage, OutboundAction, OutboundMessage, ProviderContext, ProviderFactory } from '../provider.js';
import { keyedSerial } from '../../platform/database/serial.js';
import { minuteKeyOf } from '../../platform/database/cleanPoint.js';
import { SandboxDeviceModel, SandboxMessageModel, toOutboxMessage, type SandboxDeviceDoc, type SandboxMessageDoc } from './model.js';
import { accountOf, fromAccounts } from './accounts.js';
import { holdMessage, replayHeld } from './outage.js';
import { pairingToken, SANDBOX_DEFAULTS, sandboxNumber, type SandboxPhone, type SandboxSettings, type SandboxState } from './phone.js';

/**
 * Writes to a device and to its messages' acks, one after another per connection: the embedded
 * engine loses concurrent updates of one document (see ../serial.ts).
 */
const deviceWrites = keyedSerial();
/** Connectivity changes of a phone, one after another (a replay finishes before the next change). */
const connectivity = keyedSerial();

export function createSandboxFactory(deps: { realtime: RealtimePublisher; logger: Logger; settings?: Partial<SandboxSettings>; unsettledMinutes?: string[] }): ProviderFactory {
  const settings = { ...SANDBOX_DEFAULTS, ...deps.settings };
  return (context) => createSandboxPhone(context, { ...deps, settings, unsettledMinutes: deps.unsettledMinutes ?? [] });
}

function createSandboxPhone(
  { companyId, whatsappId, events }: ProviderContext,
  deps: { realtime: RealtimePublisher; logger: Logger; settings: SandboxSettings; unsettledMinutes: string[] },
): SandboxPhone {
  const { realtime, logger, settings } = deps;
  const scope = { companyId, whatsappId };
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();
  let state: SandboxState = 'stopped';
  let qrTimer: NodeJS.Timeout | undefined;
  let qrShown = 0;
  let failures = 0;
  /** The device's legacy prefixes, read at start and kept as set. */
  let legacyPrefixes: string[] = [];

  function publish(payload: RealtimePayload): void {
    realtime.publish(companyId, 'sandbox', { ...payload, whatsappId });
  }

  function later(ms: number, task: () => Promise<void>): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = task().catch((err: unknown) => logger.warn({ err, ...scope }, 'sandbox timer failed'));
      pending.add(run);
      void run.finally(() => pending.delete(run));
    }, ms);
    // Timers never hold the process open on their own (the server does while it runs).
    timer.unref();
    timers.add(timer);
  }

  async function quiet(): Promise<void> {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    if (qrTimer) clearTimeout(qrTimer);
    qrTimer = undefined;
    await Promise.all([...pending]);
  }

  function serial<T>(task: () => Promise<T>): Promise<T> {
    return deviceWrites.run(whatsappId, task);
  }

  /** The device, created unpaired on first use. */
  function loadDevice(): Promise<SandboxDeviceDoc> {
    return serial(async () => {
      const found = await SandboxDeviceModel.findOne(scope).lean<SandboxDeviceDoc>();
      if (found) return found;
      const created = await SandboxDeviceModel.create({ ...scope, paired: false, number: '', pairingToken: '', online: true, failNext: 0 });
      return created.toObject() as SandboxDeviceDoc;
    });
  }

  function saveDevice(set: Partial<SandboxDeviceDoc>): Promise<SandboxDeviceDoc> {
    return serial(async () => {
      const device = await SandboxDeviceModel.findOneAndUpdate(scope, { $set: set }, { upsert: true, returnDocument: 'after' }).lean<SandboxDeviceDoc>();
      return device!;
    });
  }

  /** Moves a message's ack forward (never back) and reports it. */
  async function advance(providerMessageId: string, ack: number): Promise<SandboxMessageDoc | null> {
    const updated = await serial(() =>
      SandboxMessageModel.findOneAndUpdate({ ...scope, providerMessageId, ack: { $lt: ack } }, { $set: { ack, ackedIn: minuteKeyOf(new Date()) } }, { returnDocument: 'after' }).lean<SandboxMessageDoc>(),
    );
    if (!updated) return null;
    publish({ action: 'ack', providerMessageId, ack });
    await report(providerMessageId, ack);
    return updated;
  }

  async function report(providerMessageId: string, ack: number): Promise<void> {
    try {
      await events.ack(providerMessageId, ack);
    } catch (err) {
      logger.warn({ err, ...scope, providerMessageId, ack }, 'sandbox ack was not taken');
    }
  }

  /**
   * After a crash: the acks the phone took in the minutes the crash may have cut are reported
   * again (the platform may have died before it stored them; acks only move forward there).
   */
  async function replayAcks(): Promise<void> {
    for (const ackedIn of deps.unsettledMinutes) {
      const acked = await SandboxMessageModel.find({ ...scope, ackedIn }, { providerMessageId: 1, ack: 1 }).lean<SandboxMessageDoc[]>();
      for (const message of acked) await report(message.providerMessageId, message.ack);
    }
  }

  function scheduleAcks(providerMessageId: string, from: number): void {
    let step = 0;
    for (let ack = from + 1; ack <= 3; ack += 1) {
      step += 1;
      const target = ack;
      later(settings.ackMs * step, async () => {
        await advance(providerMessageId, target);
      });
    }
  }

  /** After a restart: messages still on their way go on to 3 (actions have no receipts). */
  async function resumeAcks(): Promise<void> {
    const open = await SandboxMessageModel.find({ ...scope, ack: { $lt: 3 } }, { providerMessageId: 1, ack: 1, kind: 1 }).limit(1_000).lean<SandboxMessageDoc[]>();
    for (const message of open) if ((message.kind ?? 'message') === 'message') scheduleAcks(message.providerMessageId, message.ack);
  }

  async function showQr(): Promise<void> {
    const token = pairingToken(whatsappId);
    await saveDevice({ pairingToken: token });
    state = 'qrcode';
    qrShown += 1;
    await events.status('qrcode', { qrcode: token, qrExpiresAt: new Date(Date.now() + settings.qrMs) });
    qrTimer = setTimeout(() => {
      qrTimer = undefined;
      const run = (async () => {
        if (state !== 'qrcode') return;
        if (qrShown <= settings.qrRetries) return showQr();
        // Nobody scanned: the session gives up, as WhatsApp does after a few QR codes.
        state = 'stopped';
        await saveDevice({ pairingToken: '' });
        await events.status('DISCONNECTED');
      })().catch((err: unknown) => logger.warn({ err, ...scope }, 'sandbox QR renewal failed'));
      pending.add(run);
      void run.finally(() => pending.delete(run));
    }, settings.qrMs);
    qrTimer.unref();
  }

  /** Hands a message to the platform and shows it on the phone's page. */
  async function deliver(injected: InboundMessage): Promise<void> {
    const message = fromAccounts(injected, legacyPrefixes);
    await events.inbound(message);
    publish({
      action: 'inbound',
      providerMessageId: message.providerMessageId,
      from: message.sender.number,
      chatId: message.chat.id,
      isGroup: message.chat.isGroup,
      body: message.body,
      mediaType: message.mediaType,
    });
  }

  function refuseUnlessConnected(): void {
    if (state !== 'connected') throw new AppError('ERR_WAPP_NOT_CONNECTED');
  }

  /** The failures asked for (failNext) come first, one per send or action. */
  async function failIfAsked(): Promise<void> {
    if (failures <= 0) return;
    failures -= 1;
    await saveDevice({ failNext: failures });
    throw new AppError('ERR_SENDING_WAPP_MSG', { simulated: true });
  }

  /** The sent entry a repeated send or action already made (the platform may have died before it recorded it). */
  function alreadyDone(again: boolean | undefined, localId: string): Promise<SandboxMessageDoc | null> {
    return again ? SandboxMessageModel.findOne({ ...scope, localId }, { providerMessageId: 1 }).lean<SandboxMessageDoc>() : Promise.resolve(null);
  }

  /**
   * A reaction, edit or delete reaching the customer: an outbox entry of its kind (once, however
   * often it is repeated), and an edit or delete of one of our messages changes the customer's copy.
   */
  async function act(kind: Exclude<SandboxActionKind, 'message'>, action: OutboundAction, fields: { emoji?: string; body?: string }): Promise<void> {
    refuseUnlessConnected();
    await failIfAsked();
    if (await alreadyDone(action.again, action.localId)) return;
    // The customer's copy changes first: once the entry is in the outbox, the change is visible.
    if (kind !== 'reaction' && action.target.fromMe) {
      const change = kind === 'edit' ? { body: fields.body ?? '', edited: true } : { deleted: true };
      const changed = await serial(() =>
        SandboxMessageModel.findOneAndUpdate({ ...scope, providerMessageId: action.target.providerMessageId }, { $set: change }, { returnDocument: 'after' }).lean<SandboxMessageDoc>(),
      );
      if (changed) publish({ action: 'changed', message: toOutboxMessage(changed) });
    }
    const created = await SandboxMessageModel.create({
      ...scope,
      kind,
      localId: action.localId,
      ackedIn: minuteKeyOf(new Date()),
      providerMessageId: `sandbox:${randomBytes(10).toString('hex')}`,
      targetProviderMessageId: action.target.providerMessageId,
      emoji: fields.emoji ?? null,
      to: action.to.id,
      isGroup: action.to.isGroup,
      body: fields.body ?? '',
      ack: 1,
    });
    publish({ action: 'outbound', message: toOutboxMessage(created.toObject() as SandboxMessageDoc) });
  }

  const phone: SandboxPhone = {
    kind: 'sandbox',

    state: () => state,

    async start() {
      state = 'opening';
      qrShown = 0;
      const device = await loadDevice();
      failures = device.failNext;
      legacyPrefixes = device.legacyPrefixes ?? [];
      if (!device.paired) return showQr();
      if (!device.online) {
        state = 'offline';
        await events.status('TIMEOUT', { reason: 'phoneOffline' });
        return;
      }
      state = 'connected';
      await events.status('CONNECTED', { number: device.number });
      await replayAcks();
      await resumeAcks();
    },

    async stop() {
      state = 'stopped';
      await quiet();
    },

    async logout() {
      state = 'stopped';
      await quiet();
      failures = 0;
      await saveDevice({ paired: false, number: '', pairingToken: '', online: true, failNext: 0 });
      publish({ action: 'pairing', paired: false, number: '' });
    },

    async send(message: OutboundMessage) {
      refuseUnlessConnected();
      await failIfAsked();
      const media = message.media
        ? {
            fileName: message.media.fileName,
            mimeType: message.media.mimeType,
            kind: message.media.kind,
            asVoiceNote: Boolean(message.media.asVoiceNote),
            size: (await stat(message.media.filePath).catch(() => null))?.size ?? null,
          }
        : null;
      // Sent before (the platform died before it recorded it): the customer has it once.
      const delivered = await alreadyDone(message.again, message.localId);
      if (delivered) return { providerMessageId: delivered.providerMessageId };
      const created = await SandboxMessageModel.create({
        ...scope,
        localId: message.localId,
        ackedIn: minuteKeyOf(new Date()),
        providerMessageId: `sandbox:${randomBytes(10).toString('hex')}`,
        to: message.to.id,
        isGroup: message.to.isGroup,
        body: message.body,
        media,
        quotedProviderMessageId: message.quotedProviderMessageId ?? null,
        location: message.location ?? null,
        vcard: message.vcard ?? null,
        forwarded: Boolean(message.forwarded),
        ack: 1,
      });
      const stored = toOutboxMessage(created.toObject() as SandboxMessageDoc);
      publish({ action: 'outbound', message: stored });
      scheduleAcks(stored.providerMessageId, 1);
      return { providerMessageId: stored.providerMessageId };
    },

    react: (action) => act('reaction', action, { emoji: action.emoji }),

    edit: (action) => act('edit', action, { body: action.body }),

    revoke: (action) => act('delete', action, {}),

    async pair({ number, token }) {
      if (state === 'connected' || state === 'offline') return;
      if (state !== 'qrcode') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      const device = await loadDevice();
      if (token !== undefined && token !== device.pairingToken) {
        throw new AppError('ERR_VALIDATION', { field: 'token', rule: 'any.invalid' }, 'payload token: the token is not the one of the QR code shown');
      }
      if (qrTimer) clearTimeout(qrTimer);
      qrTimer = undefined;
      const paired = await saveDevice({ paired: true, number: number ?? sandboxNumber(), pairingToken: '', online: true });
      state = 'opening';
      await events.status('PAIRING');
      state = 'connected';
      await events.status('CONNECTED', { number: paired.number });
      publish({ action: 'pairing', paired: true, number: paired.number });
    },

    async receive(message) {
      if (state === 'offline') {
        await holdMessage(scope, message);
        publish({ action: 'queued', providerMessageId: message.providerMessageId, from: message.sender.number, chatId: message.chat.id });
        return { queued: true };
      }
      refuseUnlessConnected();
      await deliver(message);
      return { queued: false };
    },

    async read(providerMessageIds) {
      refuseUnlessConnected();
      const changed: SandboxOutboxMessage[] = [];
      for (const providerMessageId of providerMessageIds) {
        const updated = await advance(providerMessageId, 3);
        if (updated) changed.push(toOutboxMessage(updated));
      }
      return changed;
    },

    async onWhatsApp(numbers) {
      refuseUnlessConnected();
      const { absentPrefixes } = await loadDevice();
      return numbers.map((number) => {
        const exists = !(absentPrefixes ?? []).some((prefix) => number.startsWith(prefix));
        return { number, exists, jid: exists ? `${accountOf(number, legacyPrefixes)}@s.whatsapp.net` : null };
      });
    },

    setAbsentPrefixes(prefixes) {
      return saveDevice({ absentPrefixes: prefixes });
    },

    async setLegacyPrefixes(prefixes) {
      legacyPrefixes = prefixes;
      return saveDevice({ legacyPrefixes: prefixes });
    },

    async failNext(count) {
      failures = count;
      return saveDevice({ failNext: count });
    },

    setOnline(online, replay = {}) {
      return connectivity.run(whatsappId, async () => {
        if (state !== 'connected' && state !== 'offline') throw new AppError('ERR_WAPP_NOT_CONNECTED');
        const device = await saveDevice({ online });
        if (online && state === 'offline') {
          // Messages flow again (live ones too, overlapping the replay); the status says CONNECTED
          // once the replay has landed, as a phone that finished syncing.
          state = 'connected';
          const replayed = await replayHeld(scope, replay, deliver, () => state === 'connected', (err) => logger.warn({ err, ...scope }, 'sandbox replay of a message failed'));
          logger.info({ ...scope, replayed }, 'sandbox phone back online: held messages replayed');
          if (state === 'connected') await events.status('CONNECTED', { number: device.number, reason: 'reconnected' });
          await resumeAcks();
        } else if (!online && state === 'connected') {
          state = 'offline';
          await events.status('TIMEOUT', { reason: 'phoneOffline' });
        }
        publish({ action: 'connectivity', online });
        return device;
      });
    },

    device: loadDevice,
  };
  return phone;
}
