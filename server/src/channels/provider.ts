/**
 * The seam between the platform and a messaging network. A provider runs one connection's
 * session (a `whatsapp` document), reports its status and inbound traffic through the events it
 * was created with, and sends what the outbound sender hands it. `sandbox` is the local simulated
 * phone; `baileys` speaks real WhatsApp.
 */
import type { HealthReason } from '@atende/shared';
import type { WhatsappPresence } from '../domains/whatsapp/sessionControl.js';

export type { WhatsappPresence };

/** Connection statuses of document 1 section 4. */
export const SESSION_STATUSES = ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'TIMEOUT', 'DISCONNECTED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export type InboundMediaType = 'image' | 'audio' | 'video' | 'application' | 'sticker';

export interface InboundMedia {
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

/**
 * A message the network delivered (from the customer, or sent from the paired phone itself), or
 * a change of one delivered before: an edit (`isEdited`: `body` is the new text), a revoke
 * (`isDeleted`) or a reaction (`isReaction`: `body` is the emoji, '' takes the sender's reaction
 * back), each naming the changed message by `providerMessageId`. A reaction is never a message of
 * its own: it lands on the message it targets, one per sender.
 */
export interface InboundMessage {
  /** The network's message id; the pipeline stores nothing twice for one id. */
  providerMessageId: string;
  /**
   * The conversation: the customer's number (digits; their LID when the network shows only that),
   * or the group id. `lid`: the customer's LID (digits) when the network knows one: the contact is
   * found by number or LID, and two contacts a message shows to be one person are merged
   * (domains/contacts/identity.ts).
   */
  chat: { id: string; name: string; isGroup: boolean; lid?: string };
  /** Who wrote it (in a group, the participant; else the customer). */
  sender: { number: string; name: string; lid?: string };
  fromMe: boolean;
  body: string;
  mediaType: 'chat' | InboundMediaType | 'locationMessage' | 'vcard' | 'contactMessage' | 'call_log' | 'reaction';
  media?: InboundMedia;
  /**
   * The media could not be had (an ERR_ code): recorded on the message. A provider that retries
   * delivers the message again with `media` once it has it.
   */
  mediaError?: string;
  quotedProviderMessageId?: string;
  isEdited?: boolean;
  isDeleted?: boolean;
  isReaction?: boolean;
  /**
   * Delivered late: WhatsApp's offline replay of what arrived while the session was down, or a
   * history backfill. Stored with its original timestamp; the pipeline decides per rule what it
   * triggers (see inbound.ts).
   */
  replayed?: boolean;
  /**
   * The network could not decrypt it: stored as a placeholder (`body` says so) and replaced when
   * the same providerMessageId arrives readable (a retry that succeeded).
   */
  undecryptable?: boolean;
  timestamp: Date;
}

/** Why a status changed, for the connection's health timeline. */
export interface StatusReason {
  reason?: HealthReason;
  /** The network's close code. */
  code?: number;
}

/** What the outbound sender asks a provider to deliver. */
export interface OutboundMessage {
  /** Our provisional id (`local:<messageId>`), for providers that echo it. */
  localId: string;
  /**
   * It may have gone out already (a retry, or a send a restart resumed: the process may have died
   * after the network took it): a provider that can tell delivers it only once.
   */
  again?: boolean;
  to: { id: string; isGroup: boolean };
  body: string;
  media?: { filePath: string; mimeType: string; fileName: string; kind: 'image' | 'audio' | 'video' | 'document'; asVoiceNote?: boolean };
  quotedProviderMessageId?: string;
  /** What the quoted message was, for networks that show the quote from the reply itself. */
  quotedMessage?: { fromMe: boolean; body: string; participant: string | null };
  location?: { latitude: number; longitude: number; description?: string };
  vcard?: { name: string; number: string };
  /** Forwarded by an agent: the network marks it so for the customer. */
  forwarded?: boolean;
}

/** A message an action changes, as the network knows it. */
export interface ActionTarget {
  providerMessageId: string;
  /** Ours (sent by the company's number) or the customer's. */
  fromMe: boolean;
  /** In a group, who wrote it (digits); null otherwise. */
  participant: string | null;
}

/**
 * What the outbound sender asks a provider to do to a message already delivered (issue 23): react
 * to it, edit it, delete it for everyone. Each goes in the ticket's lane like a send.
 */
export interface OutboundAction {
  /** Our id of the action (`action:<id>`), for providers that can tell a repeat. */
  localId: string;
  /** It may have been done already (a retry, or a restart resumed it). */
  again?: boolean;
  to: { id: string; isGroup: boolean };
  target: ActionTarget;
}

export interface ProviderEvents {
  /** With a QR code, when that code stops being valid (the console counts it down). */
  status(status: SessionStatus, detail?: { qrcode?: string; qrExpiresAt?: Date; number?: string } & StatusReason): void | Promise<void>;
  inbound(message: InboundMessage): Promise<void>;
  /** Delivery progress of a sent message: 1 sent, 2 delivered, 3 read, 4/5 played. */
  ack(providerMessageId: string, ack: number): Promise<void>;
}

export interface Provider {
  /** Opens the session (restores saved credentials, or asks for a QR). */
  start(): Promise<void>;
  /** Closes the socket, keeping the credentials (server stop, restart). */
  stop(): Promise<void>;
  /**
   * Forgets the credentials: a new pairing is needed afterwards. Also called on a provider that
   * was never started (logout or new QR while no session is live): then it only forgets them.
   */
  logout(): Promise<void>;
  /** Delivers a message; answers the network's id for it. Throws when it cannot. */
  send(message: OutboundMessage): Promise<{ providerMessageId: string }>;
  /** Deletes a sent message for everyone (networks that can). Throws when it cannot. */
  revoke?(action: OutboundAction): Promise<void>;
  /** Sets the company's reaction to a message ('' takes it back). Throws when it cannot. */
  react?(action: OutboundAction & { emoji: string }): Promise<void>;
  /** Replaces the text of one of our messages. Throws when it cannot. */
  edit?(action: OutboundAction & { body: string }): Promise<void>;
  /**
   * Whether each number (digits) has a WhatsApp account, in the order asked; `jid` is the
   * network's address of an existing one. Throws when the session is not connected.
   */
  onWhatsApp(numbers: string[]): Promise<WhatsappPresence[]>;
}

export interface ProviderContext {
  companyId: string;
  whatsappId: string;
  events: ProviderEvents;
}

export type ProviderFactory = (context: ProviderContext) => Provider;
