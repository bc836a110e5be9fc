/**
 * The sandbox playing an outage (issue 21): while its phone is offline, customers' messages are
 * accepted and held by "WhatsApp" (kept in the database, so a server killed meanwhile loses
 * nothing); when the phone comes back they are replayed as WhatsApp's offline replay is: marked
 * `replayed`, with their original timestamps, optionally some of them twice and in shuffled order.
 * Chats are replayed side by side, each chat's messages one after another.
 */
import { randomInt } from 'node:crypto';
import type { SandboxReplayOptions } from '@atende/shared';
import type { InboundMessage } from '../provider.js';
import { SandboxQueuedModel, type SandboxQueuedDoc } from './model.js';

/** Chats replayed at the same time. */
const REPLAY_CHATS = 8;

interface Scope {
  companyId: string;
  whatsappId: string;
}

type StoredInbound = Omit<InboundMessage, 'media' | 'timestamp'> & { timestamp: string; media?: { data: string; mimeType: string; fileName: string } };

function encode(message: InboundMessage): string {
  const { media, timestamp, ...rest } = message;
  const stored: StoredInbound = { ...rest, timestamp: timestamp.toISOString(), ...(media ? { media: { data: media.bytes.toString('base64'), mimeType: media.mimeType, fileName: media.fileName } } : {}) };
  return JSON.stringify(stored);
}

function decode(text: string): InboundMessage {
  const { media, timestamp, ...rest } = JSON.parse(text) as StoredInbound;
  return { ...rest, timestamp: new Date(timestamp), ...(media ? { media: { bytes: Buffer.from(media.data, 'base64'), mimeType: media.mimeType, fileName: media.fileName } } : {}) };
}

export async function holdMessage(scope: Scope, message: InboundMessage): Promise<void> {
  await SandboxQueuedModel.create({ ...scope, message: encode(message) });
}

export function heldCount(scope: Scope): Promise<number> {
  return SandboxQueuedModel.countDocuments(scope);
}

/** The delivery order: every held message, `repeat` of them once more, shuffled when asked. */
export function replayOrder<T>(held: T[], options: SandboxReplayOptions, random: (max: number) => number = randomInt): T[] {
  const order = [...held];
  if (held.length > 0) for (let i = 0; i < (options.repeat ?? 0); i += 1) order.push(held[random(held.length)]!);
  if (options.shuffle) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = random(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  }
  return order;
}

/**
 * Replays what is held. A message leaves the queue once delivered (stored by the platform); one
 * that fails, or is not reached because `going()` turned false (offline again, stopped), stays for
 * the next replay. Answers how many deliveries were made.
 */
export async function replayHeld(scope: Scope, options: SandboxReplayOptions, deliver: (message: InboundMessage) => Promise<void>, going: () => boolean, onError: (err: unknown) => void): Promise<number> {
  const held = await SandboxQueuedModel.find(scope).sort({ _id: 1 }).lean<SandboxQueuedDoc[]>();
  const byChat = new Map<string, { doc: SandboxQueuedDoc; message: InboundMessage }[]>();
  for (const doc of replayOrder(held, options)) {
    const message = { ...decode(doc.message), replayed: true };
    const chat = byChat.get(message.chat.id) ?? [];
    chat.push({ doc, message });
    byChat.set(message.chat.id, chat);
  }
  const chats = [...byChat.values()];
  let delivered = 0;
  async function worker(): Promise<void> {
    for (let chat = chats.shift(); chat; chat = chats.shift()) {
      for (const { doc, message } of chat) {
        if (!going()) return;
        try {
          await deliver(message);
          await SandboxQueuedModel.deleteOne({ ...scope, _id: doc._id });
          delivered += 1;
        } catch (err) {
          onError(err);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(REPLAY_CHATS, chats.length) }, worker));
  return delivered;
}
