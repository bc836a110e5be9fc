import { Schema, type Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { registerDuplicateCode } from '../../platform/errors.js';
import { engineKeys } from '../../platform/database/tuning.js';

export const MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'application', 'document', 'sticker', 'locationMessage', 'vcard', 'contactMessage', 'call_log', 'reaction'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** A reaction on a message (MessageReaction on the wire): one per sender. */
export interface ReactionDoc {
  /** OWN_REACTION_SENDER ('me') for the company's number, else the customer's number. */
  sender: string;
  name: string;
  emoji: string;
  fromMe: boolean;
  userId: Types.ObjectId | null;
  /** When the sender reacted: a late copy of an older reaction never replaces a newer one. */
  at: Date;
}

/** An earlier body of an edited message. */
export interface EditDoc {
  body: string;
  editedAt: Date;
}

export interface MessageDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  ticketId: Types.ObjectId;
  contactId: Types.ObjectId | null;
  whatsappId: Types.ObjectId | null;
  /**
   * The provider's message id (WhatsApp wid): inbound handling is idempotent on it. Outbound
   * messages carry a provisional `local:<id>` until the provider answers with its own.
   */
  providerMessageId: string;
  body: string;
  fromMe: boolean;
  /** The user who wrote a message we sent; null for customers' messages and automatic ones. */
  userId: Types.ObjectId | null;
  read: boolean;
  /** 0 stored, not yet sent; 1 sent, 2 delivered, 3 read, 4/5 played (document 1 section 3). */
  ack: number;
  mediaType: MediaType;
  /** File name under the company's media folder, served at /public/{companyId}/{file}. */
  mediaPath: string | null;
  mediaMimeType: string | null;
  /** The file's own name (sanitised), under which it goes out; the body may be its caption. */
  mediaName: string | null;
  /** The file's size in bytes (null before it was recorded). */
  mediaSize: number | null;
  /**
   * Why the media of a received message is missing (an ERR_ code: download failed, too large,
   * refused); null once it is stored. A failed download is retried by the provider.
   */
  mediaError: string | null;
  quotedMsgId: Types.ObjectId | null;
  isDeleted: boolean;
  isEdited: boolean;
  /** Earlier bodies, oldest first, at most EDIT_HISTORY_MAX. */
  editHistory: EditDoc[];
  /** One per sender; never messages of their own (issue 23). */
  reactions: ReactionDoc[];
  /** Sent as forwarded. */
  forwarded: boolean;
  /** The body starts with the author's signature (`*Name*:` and a new line). */
  signed: boolean;
  /** Outbound delivery: attempts made and the last failure (an ERR_ code), for the retrying sender. */
  sendAttempts: number;
  sendError: string | null;
  /** What sent a message of ours (MessageOrigin: an agent, the API, a flow...); null for customers' and older ones. */
  origin: string | null;
  /** Who wrote it in a group (provider id of the participant). */
  participant: string | null;
  /** Its place in the ticket's conversation (0, 1, ...): pages are read by it (store.ts). */
  seq: number;
  /** `<ticketId>.<seq / page size>`: the page bucket it is read from. */
  pageKey: string;
  /** The ticket's id while the message is unread by the agents, else null (marking read finds them by it). */
  unreadKey: string | null;
  /** The body's words (searchWordsOf): the ticket search finds messages by one of them. */
  words: string[];
  /** Received undecryptable: `body` is the placeholder until a readable copy replaces it. */
  undecryptable: boolean;
  /** OUTBOX_WAITING while ours and not yet sent (nor given up): a restart finds the sends to resume by it. */
  outboxKey: string | null;
  /** The minute it was stored (minuteKeyOf): a start after a crash finds the messages its tickets may not count. */
  writtenIn: string;
  createdAt: Date;
  updatedAt: Date;
}

export const MessageModel = tenantModel<MessageDoc>(
  'Message',
  {
    ticketId: { type: ObjectId, ref: 'Ticket', required: true },
    contactId: { type: ObjectId, ref: 'Contact', default: null },
    whatsappId: { type: ObjectId, ref: 'Whatsapp', default: null },
    providerMessageId: { type: String, required: true },
    body: { type: String, default: '' },
    fromMe: { type: Boolean, default: false },
    userId: { type: ObjectId, ref: 'User', default: null },
    read: { type: Boolean, default: false },
    ack: { type: Number, default: 0 },
    mediaType: { type: String, enum: MEDIA_TYPES, default: 'chat' },
    mediaPath: { type: String, default: null },
    mediaMimeType: { type: String, default: null },
    mediaName: { type: String, default: null },
    mediaSize: { type: Number, default: null },
    mediaError: { type: String, default: null },
    quotedMsgId: { type: ObjectId, ref: 'Message', default: null },
    isDeleted: { type: Boolean, default: false },
    isEdited: { type: Boolean, default: false },
    editHistory: { type: [new Schema({ body: { type: String, default: '' }, editedAt: { type: Date, required: true } }, { _id: false })], default: [] },
    reactions: {
      type: [
        new Schema(
          {
            sender: { type: String, required: true },
            name: { type: String, default: '' },
            emoji: { type: String, required: true },
            fromMe: { type: Boolean, default: false },
            userId: { type: ObjectId, ref: 'User', default: null },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    forwarded: { type: Boolean, default: false },
    signed: { type: Boolean, default: false },
    sendAttempts: { type: Number, default: 0 },
    sendError: { type: String, default: null },
    origin: { type: String, default: null },
    participant: { type: String, default: null },
    seq: { type: Number, required: true },
    pageKey: { type: String, required: true },
    unreadKey: { type: String, default: null },
    words: { type: [String], default: [] },
    undecryptable: { type: Boolean, default: false },
    outboxKey: { type: String, default: null },
    writtenIn: { type: String, default: '' },
  },
  (schema) => {
    schema.index({ companyId: 1, pageKey: 1 });
    schema.index({ companyId: 1, unreadKey: 1 });
    schema.index({ companyId: 1, ticketId: 1 });
    // A contact merge moves a person's messages, group ones included, by their sender.
    schema.index({ companyId: 1, contactId: 1 });
    schema.index({ companyId: 1, words: 1 });
    // Platform-wide (a start's recovery, across companies).
    schema.index({ outboxKey: 1 });
    schema.index({ writtenIn: 1 });
    // Idempotent inbound: one message per provider id on a connection (no partial indexes on
    // FerretDB, hence the provisional ids of outbound messages).
    schema.index({ companyId: 1, whatsappId: 1, providerMessageId: 1 }, { unique: true });
    engineKeys(schema, ['pageKey', 'unreadKey', 'ticketId', 'contactId', 'providerMessageId', 'words', 'outboxKey', 'writtenIn']);
  },
);

registerDuplicateCode('messages', 'providerMessageId', 'ERR_DUPLICATED');

/** The outboxKey of a message waiting to be sent. */
export const OUTBOX_WAITING = 'waiting';
