/**
 * What an integration says to the customer goes out like an agent's reply: stored through the
 * message service and sent by the outbound lanes (acks come back), pushed to the inbox. Texts and
 * media follow each other with the integration's delay; media the tool gives by address (Typebot's
 * images, audio, videos) are downloaded, checked like any upload and sent as files. Sending stops
 * as soon as the ticket is no longer the integration's (an agent accepted it, it was closed).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Types } from 'mongoose';
import type { Logger } from '../../platform/logger.js';
import { storeUpload, UPLOAD_LIMITS, type UploadKind } from '../../platform/uploads.js';
import type { MessageService } from '../../domains/messages/service.js';
import type { TicketDoc } from '../../domains/tickets/model.js';
import { answerable, readTicket } from './ticketState.js';

export type OutgoingItem = { text: string } | { mediaUrl: string; kind: Extract<UploadKind, 'image' | 'audio' | 'video'>; fallback: string };

function fileNameOf(url: string, kind: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return /\.[A-Za-z0-9]{2,5}$/.test(last) ? last : `${kind}-${Date.now()}`;
}

export function createOutgoing(deps: { messages: MessageService; logger: Logger; timeoutMs: number }) {
  const { messages, logger, timeoutMs } = deps;

  /** The file at `url`, within its kind's upload limit (read no further than the limit). */
  async function download(url: string, kind: UploadKind): Promise<Buffer> {
    const answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!answer.ok || !answer.body) throw new Error(`media answered HTTP ${answer.status}`);
    const limit = UPLOAD_LIMITS[kind];
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limit) throw new Error(`media larger than ${limit} bytes`);
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  async function sendOne(companyId: string, ticket: TicketDoc, item: OutgoingItem): Promise<void> {
    if ('text' in item) {
      if (item.text.trim()) await messages.storeOutbound({ companyId, ticket, body: item.text, origin: 'integration' });
      return;
    }
    try {
      const bytes = await download(item.mediaUrl, item.kind);
      const media = await storeUpload(companyId, { filename: fileNameOf(item.mediaUrl, item.kind), bytes }, [item.kind]);
      await messages.storeOutbound({ companyId, ticket, body: '', media, origin: 'integration' });
    } catch (err) {
      logger.warn({ err, companyId, ticketId: String(ticket._id), url: item.mediaUrl }, 'integration media could not be sent');
      if (item.fallback.trim()) await messages.storeOutbound({ companyId, ticket, body: item.fallback, origin: 'integration' });
    }
  }

  return {
    /** Sends the items in order, `delayMs` apart; answers how many went before the ticket stopped being the integration's. */
    async send(companyId: string, ticketId: Types.ObjectId | string, items: OutgoingItem[], delayMs: number): Promise<number> {
      let sent = 0;
      for (const item of items) {
        if (sent > 0 && delayMs > 0) await sleep(delayMs);
        const ticket = await readTicket(companyId, ticketId);
        if (!answerable(ticket)) return sent;
        await sendOne(companyId, ticket, item);
        sent += 1;
      }
      return sent;
    },
  };
}

export type Outgoing = ReturnType<typeof createOutgoing>;
