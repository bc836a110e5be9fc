/**
 * The provider's message stores: the content of what we sent (Baileys asks for it again when a
 * recipient could not decrypt it: getMessage) and the received messages whose handling or media
 * download failed, due for another attempt.
 */
import type { proto, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import { backoffMs } from '../outbound.js';
import { baileys } from './library.js';
import { BaileysRetryModel, BaileysSentModel, type BaileysRetryDoc } from './model.js';

export interface Scope {
  companyId: string;
  whatsappId: string;
}

// Proto objects serialise through their toJSON (bytes as base64, longs and enums as strings)
// and come back through fromObject.
export function encodeContent(content: proto.IMessage): string {
  return JSON.stringify(baileys().proto.Message.fromObject(content).toJSON());
}

export function decodeContent(text: string): proto.Message {
  return baileys().proto.Message.fromObject(JSON.parse(text) as Record<string, unknown>);
}

interface StoredMessage {
  key: WAMessageKey;
  messageTimestamp: number;
  pushName: string | null;
  messageStubType: number | null;
  message: string | null;
}

/** A received message, key included as Baileys gave it (with its alternate JIDs). */
export function encodeMessage(message: WAMessage): string {
  const stored: StoredMessage = {
    key: { ...message.key },
    messageTimestamp: baileys().toNumber(message.messageTimestamp),
    pushName: message.pushName ?? null,
    messageStubType: message.messageStubType ?? null,
    message: message.message ? encodeContent(message.message) : null,
  };
  return JSON.stringify(stored);
}

export function decodeMessage(text: string): WAMessage {
  const stored = JSON.parse(text) as StoredMessage;
  return {
    key: stored.key,
    messageTimestamp: stored.messageTimestamp,
    pushName: stored.pushName,
    messageStubType: stored.messageStubType,
    message: stored.message ? decodeContent(stored.message) : null,
  };
}

export async function saveSent(scope: Scope, providerMessageId: string, content: proto.IMessage): Promise<void> {
  await BaileysSentModel.updateOne({ ...scope, providerMessageId }, { $set: { content: encodeContent(content) } }, { upsert: true });
}

export async function sentContent(scope: Scope, key: Pick<WAMessageKey, 'id'>): Promise<proto.Message | null> {
  if (!key.id) return null;
  const found = await BaileysSentModel.findOne({ ...scope, providerMessageId: key.id }, { content: 1 }).lean<{ content: string }>();
  return found ? decodeContent(found.content) : null;
}

/** Forgets sent contents older than `days` (retry requests come within minutes; days is generous). */
export async function pruneSent(scope: Scope, days: number, now = new Date()): Promise<void> {
  await BaileysSentModel.deleteMany({ ...scope, createdAt: { $lt: new Date(now.getTime() - days * 86_400_000) } });
}

export interface RetrySettings {
  retryMs: number;
  retries: number;
}

/** Puts a received message up for another attempt (or records the new failure of one already up). */
export async function scheduleRetry(scope: Scope, message: WAMessage, error: string, settings: RetrySettings): Promise<void> {
  const providerMessageId = message.key.id!;
  const existing = await BaileysRetryModel.findOne({ ...scope, providerMessageId }, { attempts: 1 }).lean<Pick<BaileysRetryDoc, 'attempts'>>();
  if (existing) return failedAgain(scope, providerMessageId, existing.attempts, error, settings);
  if (settings.retries === 0) return;
  await BaileysRetryModel.updateOne(
    { ...scope, providerMessageId },
    { $set: { message: encodeMessage(message), lastError: error, attempts: 0, nextAttemptAt: new Date(Date.now() + settings.retryMs) } },
    { upsert: true },
  );
}

async function failedAgain(scope: Scope, providerMessageId: string, previous: number, error: string, settings: RetrySettings): Promise<void> {
  const attempts = previous + 1;
  if (attempts >= settings.retries) {
    // Given up: the message keeps its error for the agent to see.
    await BaileysRetryModel.deleteOne({ ...scope, providerMessageId });
    return;
  }
  // retryMs, 2x, 4x ... at most 64x the first delay.
  const nextAttemptAt = new Date(Date.now() + backoffMs(attempts + 1, settings.retryMs, settings.retryMs * 2 ** 6));
  await BaileysRetryModel.updateOne({ ...scope, providerMessageId }, { $set: { attempts, lastError: error, nextAttemptAt } });
}

export async function dueRetries(scope: Scope, limit = 20, now = new Date()): Promise<{ providerMessageId: string; message: WAMessage }[]> {
  const rows = await BaileysRetryModel.find({ ...scope, nextAttemptAt: { $lte: now } }, { providerMessageId: 1, message: 1 })
    .sort({ nextAttemptAt: 1 })
    .limit(limit)
    .lean<Pick<BaileysRetryDoc, 'providerMessageId' | 'message'>[]>();
  return rows.map((row) => ({ providerMessageId: row.providerMessageId, message: decodeMessage(row.message) }));
}

export async function retryDone(scope: Scope, providerMessageId: string): Promise<void> {
  await BaileysRetryModel.deleteOne({ ...scope, providerMessageId });
}
