/**
 * Connections (the `whatsapp` entity, document 1 sections 3 and 4) and the sandbox phone that
 * stands in for WhatsApp in demos and tests.
 */
import type { ScheduleRow, UserQueue } from './entities.js';

/** `beta`: real WhatsApp (Baileys); `sandbox`: the local simulated phone. */
export const WHATSAPP_PROVIDERS = ['beta', 'sandbox'] as const;
export type WhatsappProvider = (typeof WHATSAPP_PROVIDERS)[number];

/** Connection statuses (document 1 section 4); the QR dialog closes on an update with qrcode ''. */
export const WHATSAPP_STATUSES = ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'TIMEOUT', 'DISCONNECTED'] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

/** Defaults of a new connection (document 1 section 3). */
export const WHATSAPP_DEFAULTS = {
  provider: 'beta',
  maxUseBotQueues: 3,
  timeUseBotQueues: 0,
  expiresTicket: 0,
  timeToTransfer: 0,
} as const;

/** Bounds the spec does not give: texts of automatic messages, minutes of the timers. */
export const WHATSAPP_MESSAGE_MAX = 5_000;
export const WHATSAPP_MINUTES_MAX = 525_600;
export const WHATSAPP_BOT_USES_MAX = 1_000;
/** A connection's API token: URL-safe, long enough to be unguessable. */
export const WHATSAPP_TOKEN_MIN = 32;
export const WHATSAPP_TOKEN_MAX = 128;

export interface Whatsapp {
  id: string;
  companyId: string;
  name: string;
  status: WhatsappStatus;
  isDefault: boolean;
  /** The pairing QR's content while status is `qrcode`, otherwise ''. */
  qrcode: string;
  /** When that QR code stops being valid (ISO date), null without one. */
  qrExpiresAt?: string | null;
  /** QR codes renewed without a scan since the session started. */
  retries: number;
  provider: WhatsappProvider;
  /** The paired phone's number (digits), '' before the first pairing. */
  number: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  /** Per-connection API token: present only in answers to admins (never in realtime events). */
  token?: string;
  /** Minutes without activity before an open ticket expires (0: never). */
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number;
  transferQueueId: string | null;
  queueIds: string[];
  queues: UserQueue[];
  promptId: string | null;
  integrationId: string | null;
  /** The flow a new ticket of this connection starts (issue 15), null for none. */
  flowId: string | null;
  /** Business hours of the connection, the seven days in order. */
  schedules: ScheduleRow[];
  createdAt: string;
  updatedAt: string;
}

/** Payloads of the `whatsapp` channel. */
export type WhatsappEvent = { action: 'update'; whatsapp: Whatsapp } | { action: 'delete'; whatsappId: string };

/** Payload of the `whatsappSession` channel: every status change of a connection. */
export interface WhatsappSessionEvent {
  action: 'update';
  session: Whatsapp;
}

/**
 * What happens on the customer's phone: a message arrives, or one already there gets a reaction,
 * is edited or deleted (issue 23). A customer does the same through the inject call.
 */
export const SANDBOX_ACTION_KINDS = ['message', 'reaction', 'edit', 'delete'] as const;
export type SandboxActionKind = (typeof SANDBOX_ACTION_KINDS)[number];

/** What a sandbox customer received (the sandbox phone's outbox). */
export interface SandboxOutboxMessage {
  /** Cursor for `after=`. */
  id: string;
  whatsappId: string;
  providerMessageId: string;
  /** A message, or an action on one received before (its `targetProviderMessageId`). */
  kind: SandboxActionKind;
  /** The message a reaction, edit or delete changes; null for a message. */
  targetProviderMessageId: string | null;
  /** A reaction's emoji ('' takes it back); null for other kinds. */
  emoji: string | null;
  /** Sent as forwarded. */
  forwarded: boolean;
  /** A message edited since it arrived: `body` is its text now. */
  edited: boolean;
  /** A message deleted for everyone since it arrived. */
  deleted: boolean;
  /** The customer's number, or the group id. */
  to: string;
  isGroup: boolean;
  /** A message's text (its current one when edited); an edit's new text. */
  body: string;
  media: { fileName: string; mimeType: string; kind: 'image' | 'audio' | 'video' | 'document'; asVoiceNote: boolean; size: number | null } | null;
  quotedProviderMessageId: string | null;
  location: { latitude: number; longitude: number; description?: string } | null;
  vcard: { name: string; number: string } | null;
  /** 1 sent, 2 delivered, 3 read. */
  ack: number;
  createdAt: string;
  updatedAt: string;
}

export interface SandboxOutbox {
  messages: SandboxOutboxMessage[];
  hasMore: boolean;
}

/** Payloads of the `sandbox` channel (admins only), for a page that shows the phone live. */
export type SandboxEvent =
  | { action: 'outbound'; whatsappId: string; message: SandboxOutboxMessage }
  /** A message the customer has, edited or deleted by the company since. */
  | { action: 'changed'; whatsappId: string; message: SandboxOutboxMessage }
  | { action: 'ack'; whatsappId: string; providerMessageId: string; ack: number }
  | { action: 'inbound'; whatsappId: string; providerMessageId: string; from: string; chatId: string; isGroup: boolean; body: string; mediaType: string }
  | { action: 'pairing'; whatsappId: string; paired: boolean; number: string }
  | { action: 'connectivity'; whatsappId: string; online: boolean }
  | { action: 'queued'; whatsappId: string; providerMessageId: string; from: string; chatId: string };

/** Answer of the sandbox device controls (failures, connectivity). */
export interface SandboxDevice {
  whatsappId: string;
  paired: boolean;
  number: string;
  online: boolean;
  /** Sends still to fail on purpose (the sender's retry tests). */
  failNext: number;
  /** Customers' messages waiting for the phone to come back online. */
  queued: number;
  /** Numbers starting with one of these are answered "not on WhatsApp" (the contact lists' check). */
  absentPrefixes: string[];
  /** Brazilian mobile numbers starting with one of these (with the ninth digit) are accounts without it. */
  legacyPrefixes: string[];
}

/** Kinds of message a sandbox customer can send (the provider seam's inbound media types). */
export const SANDBOX_MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'application', 'sticker', 'locationMessage', 'vcard', 'contactMessage', 'call_log'] as const;
export type SandboxMediaType = (typeof SANDBOX_MEDIA_TYPES)[number];
/** Of those, the ones that carry a file. */
export const SANDBOX_FILE_MEDIA_TYPES = ['image', 'audio', 'video', 'application', 'sticker'] as const;
/** Largest file a sandbox customer may send (the video limit of document 1 plus room). */
export const SANDBOX_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

/** POST /whatsapp and PUT /whatsapp/{id} (every field optional on update). */
export interface WhatsappData {
  name: string;
  provider?: WhatsappProvider;
  isDefault?: boolean;
  greetingMessage?: string;
  complationMessage?: string;
  outOfHoursMessage?: string;
  ratingMessage?: string;
  expiresInactiveMessage?: string;
  /** Admins only; '' draws a new one. */
  token?: string;
  expiresTicket?: number;
  timeUseBotQueues?: number;
  maxUseBotQueues?: number;
  timeToTransfer?: number;
  transferQueueId?: string | null;
  queueIds?: string[];
  promptId?: string | null;
  integrationId?: string | null;
  flowId?: string | null;
  schedules?: Partial<ScheduleRow>[];
  /** Super users only: another company. */
  companyId?: string;
}

/**
 * POST /sandbox/{whatsappId}/messages: a customer's message arriving on a sandbox connection, or
 * (`kind`) the customer's reaction to, edit of or deletion of a message of the conversation.
 */
export interface SandboxCustomerMessage {
  /** Default `message`. */
  kind?: SandboxActionKind;
  /** Reaction, edit, delete: the message they change (its providerMessageId). */
  targetProviderMessageId?: string;
  /** Reaction: the emoji, '' takes the customer's reaction back. */
  emoji?: string;
  /** The customer's number (digits; +, spaces and dashes are dropped). */
  from: string;
  name?: string;
  /** Required unless media is sent; an edit's new text; none for a reaction or delete. */
  body?: string;
  /** A message sent from the paired phone itself. */
  fromMe?: boolean;
  isGroup?: boolean;
  groupId?: string;
  /** Required with isGroup. */
  groupName?: string;
  mediaType?: SandboxMediaType;
  /** The file as base64. */
  media?: { data: string; mimeType: string; fileName: string };
  quotedProviderMessageId?: string;
  /** To replay a delivery (idempotency); drawn by the server when absent. */
  providerMessageId?: string;
  /** Arrives undecryptable: stored as a placeholder until the same providerMessageId comes readable. */
  undecryptable?: boolean;
  /** The sender's LID (WhatsApp's private id, digits). */
  lid?: string;
  /** With `lid`: the message shows only the LID, not the number (WhatsApp's privacy). */
  hideNumber?: boolean;
}

/** Answer of an injected message: `queued` while the phone is offline (replayed when it comes back). */
export interface SandboxInjected {
  /** The message's id on the network; for a reaction, edit or delete, the message it changed. */
  providerMessageId: string;
  queued: boolean;
}

/** Replay options of a phone coming back online. */
export interface SandboxReplayOptions {
  repeat?: number;
  shuffle?: boolean;
}
