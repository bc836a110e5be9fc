/** The sandbox phone's API: the scan, customers' messages, what they received, their reading. */
import { createHash, randomBytes } from 'node:crypto';
import {
  createI18n,
  SANDBOX_MEDIA_MAX_BYTES,
  type Language,
  type SandboxCustomerMessage,
  type SandboxDevice,
  type SandboxInjected,
  type SandboxMediaType,
  type SandboxOutbox,
  type SandboxOutboxMessage,
  type SandboxReplayOptions,
  type Whatsapp,
} from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import type { InboundMessage } from '../provider.js';
import { SandboxMessageModel, toOutboxMessage, type SandboxDeviceDoc, type SandboxMessageDoc } from './model.js';
import { isSandboxPhone, type SandboxPhone } from './phone.js';
import { heldCount } from './outage.js';
import type { SessionManager } from '../sessions.js';
import { findWhatsapp, whatsappView } from '../../domains/whatsapp/queries.js';
import type { WhatsappDoc } from '../../domains/whatsapp/model.js';
import type { ErrorCode } from '@atende/shared';

/** The message after the schema's defaults. */
export type SandboxMessageInput = SandboxCustomerMessage & Required<Pick<SandboxCustomerMessage, 'kind' | 'body' | 'fromMe' | 'isGroup' | 'undecryptable'>>;

export interface OutboxQuery {
  to?: string;
  after?: string | Date;
  limit: number;
}

/** A group's id from its name, stable so that its messages land in one conversation. */
export function sandboxGroupId(groupName: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(groupName).digest('hex').slice(0, 15)}`) % 10n ** 12n;
  return `120363${digits.toString().padStart(12, '0')}`;
}

function mediaTypeOf(mimeType: string): SandboxMediaType {
  const kind = mimeType.split('/')[0];
  if (kind === 'image' || kind === 'audio' || kind === 'video') return kind;
  return 'application';
}

async function toDevice(doc: SandboxDeviceDoc): Promise<SandboxDevice> {
  const queued = await heldCount({ companyId: String(doc.companyId), whatsappId: String(doc.whatsappId) });
  return {
    whatsappId: String(doc.whatsappId),
    paired: doc.paired,
    number: doc.number,
    online: doc.online,
    failNext: doc.failNext,
    queued,
    absentPrefixes: doc.absentPrefixes ?? [],
    legacyPrefixes: doc.legacyPrefixes ?? [],
  };
}

/**
 * The customer reacts to, edits or deletes a message of the conversation (issue 23): delivered as
 * the network delivers those, naming the message changed.
 */
async function injectAction(phone: SandboxPhone, input: SandboxMessageInput): Promise<SandboxInjected> {
  const name = input.name ?? '';
  const chat = input.isGroup
    ? { id: input.groupId ?? sandboxGroupId(input.groupName ?? ''), name: input.groupName ?? '', isGroup: true }
    : { id: input.from, name, isGroup: false };
  const target = input.targetProviderMessageId ?? '';
  const change =
    input.kind === 'reaction' ? { body: input.emoji ?? '', isReaction: true } : input.kind === 'edit' ? { body: input.body, isEdited: true } : { body: '', isDeleted: true };
  const { queued } = await phone.receive({ providerMessageId: target, chat, sender: { number: input.from, name }, fromMe: input.fromMe, mediaType: 'chat', ...change, timestamp: new Date() });
  return { providerMessageId: target, queued };
}

export function createSandboxService(sessions: SessionManager, language: Language) {
  const texts = createI18n(language);

  /** A sandbox connection of the actor's company (another provider: ERR_SANDBOX_ONLY). */
  async function sandboxConnection(actor: AuthCredentials, whatsappId: string): Promise<WhatsappDoc> {
    const doc = await findWhatsapp(actor, whatsappId);
    if (doc.provider !== 'sandbox') throw new AppError('ERR_SANDBOX_ONLY');
    return doc;
  }

  /** Its live phone; none live means not connected (or, for the scan, not started). */
  async function phoneOf(actor: AuthCredentials, whatsappId: string, missing: ErrorCode = 'ERR_WAPP_NOT_CONNECTED'): Promise<SandboxPhone> {
    await sandboxConnection(actor, whatsappId);
    // Live on this node or on another (several nodes): the phone is driven where its session runs.
    const provider = await sessions.reach(whatsappId);
    if (!isSandboxPhone(provider)) throw new AppError(missing);
    return provider;
  }

  return {
    async pair(actor: AuthCredentials, whatsappId: string, input: { number?: string; token?: string }): Promise<Whatsapp> {
      const phone = await phoneOf(actor, whatsappId, 'ERR_WAPP_NOT_INITIALIZED');
      await phone.pair(input);
      return whatsappView(await findWhatsapp(actor, whatsappId), true);
    },

    async inject(actor: AuthCredentials, whatsappId: string, input: SandboxMessageInput): Promise<SandboxInjected> {
      const phone = await phoneOf(actor, whatsappId);
      if (input.kind !== 'message') return injectAction(phone, input);
      let media: InboundMessage['media'];
      if (input.media) {
        const bytes = Buffer.from(input.media.data, 'base64');
        if (bytes.length === 0) throw new AppError('ERR_INVALID_MEDIA', { field: 'media.data' });
        if (bytes.length > SANDBOX_MEDIA_MAX_BYTES) throw new AppError('ERR_MEDIA_TOO_LARGE', { limit: SANDBOX_MEDIA_MAX_BYTES });
        media = { bytes, mimeType: input.media.mimeType, fileName: input.media.fileName };
      }
      const name = input.name ?? '';
      const providerMessageId = input.providerMessageId ?? `sandbox:${randomBytes(10).toString('hex')}`;
      // With a LID the sender shows it beside the number, or alone (hideNumber), as WhatsApp does.
      const lid = input.lid ? { lid: input.lid } : {};
      const sender = { number: input.hideNumber && input.lid ? input.lid : input.from, name, ...lid };
      const chat = input.isGroup
        ? { id: input.groupId ?? sandboxGroupId(input.groupName ?? ''), name: input.groupName ?? '', isGroup: true }
        : { id: sender.number, name, isGroup: false, ...lid };
      const content: Pick<InboundMessage, 'body' | 'mediaType' | 'media' | 'undecryptable'> = input.undecryptable
        ? // What the platform gets of a message it cannot decrypt: a placeholder, nothing of its content.
          { body: texts.t('inbox.undecryptable'), mediaType: 'chat', undecryptable: true }
        : { body: input.body, mediaType: input.mediaType ?? (media ? mediaTypeOf(media.mimeType) : 'chat'), ...(media ? { media } : {}) };
      const { queued } = await phone.receive({
        providerMessageId,
        chat,
        sender,
        fromMe: input.fromMe,
        ...content,
        ...(input.quotedProviderMessageId ? { quotedProviderMessageId: input.quotedProviderMessageId } : {}),
        timestamp: new Date(),
      });
      return { providerMessageId, queued };
    },

    /** What the customers received, oldest first; `after` is an outbox id or a date (exclusive). */
    async outbox(actor: AuthCredentials, whatsappId: string, query: OutboxQuery): Promise<SandboxOutbox> {
      const doc = await sandboxConnection(actor, whatsappId);
      const filter: Record<string, unknown> = { companyId: doc.companyId, whatsappId: doc._id };
      if (query.to) filter.to = query.to;
      if (query.after instanceof Date) filter.createdAt = { $gt: query.after };
      else if (query.after) filter._id = { $gt: query.after };
      const rows = await SandboxMessageModel.find(filter).sort({ _id: 1 }).limit(query.limit + 1).lean<SandboxMessageDoc[]>();
      const messages: SandboxOutboxMessage[] = rows.slice(0, query.limit).map(toOutboxMessage);
      return { messages, hasMore: rows.length > query.limit };
    },

    async read(actor: AuthCredentials, whatsappId: string, providerMessageIds: string[]): Promise<SandboxOutbox> {
      const phone = await phoneOf(actor, whatsappId);
      return { messages: await phone.read(providerMessageIds), hasMore: false };
    },

    async failNext(actor: AuthCredentials, whatsappId: string, count: number): Promise<SandboxDevice> {
      const phone = await phoneOf(actor, whatsappId);
      return toDevice(await phone.failNext(count));
    },

    async setAbsentPrefixes(actor: AuthCredentials, whatsappId: string, prefixes: string[]): Promise<SandboxDevice> {
      const phone = await phoneOf(actor, whatsappId, 'ERR_WAPP_NOT_INITIALIZED');
      return toDevice(await phone.setAbsentPrefixes(prefixes));
    },

    async setLegacyPrefixes(actor: AuthCredentials, whatsappId: string, prefixes: string[]): Promise<SandboxDevice> {
      const phone = await phoneOf(actor, whatsappId, 'ERR_WAPP_NOT_INITIALIZED');
      return toDevice(await phone.setLegacyPrefixes(prefixes));
    },

    async setOnline(actor: AuthCredentials, whatsappId: string, online: boolean, replay?: SandboxReplayOptions): Promise<SandboxDevice> {
      const phone = await phoneOf(actor, whatsappId);
      return toDevice(await phone.setOnline(online, replay));
    },
  };
}
