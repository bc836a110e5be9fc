/** Connections (`/whatsapp`, `/whatsappsession`) and the sandbox phone (`/sandbox`). */
import { Joi } from './joi.js';
import type { Schema } from 'joi';
import { EMOJI_MAX_LENGTH, isEmoji } from '../domain/reactions.js';
import {
  SANDBOX_ACTION_KINDS,
  SANDBOX_FILE_MEDIA_TYPES,
  SANDBOX_MEDIA_MAX_BYTES,
  SANDBOX_MEDIA_TYPES,
  WHATSAPP_BOT_USES_MAX,
  WHATSAPP_MESSAGE_MAX,
  WHATSAPP_MINUTES_MAX,
  WHATSAPP_PROVIDERS,
  WHATSAPP_TOKEN_MAX,
  WHATSAPP_TOKEN_MIN,
} from '../domain/whatsapp.js';
import { id, name } from './common.js';
import { scheduleRowSchema } from './companies.js';

const text = Joi.string().allow('').max(WHATSAPP_MESSAGE_MAX);
const minutes = Joi.number().integer().min(0).max(WHATSAPP_MINUTES_MAX);
const optionalId = id.allow(null, '');

/** A connection's API token as an admin may set it ('' on create or edit: the server draws one). */
export const whatsappToken = Joi.string().pattern(/^[A-Za-z0-9_-]+$/).min(WHATSAPP_TOKEN_MIN).max(WHATSAPP_TOKEN_MAX);

const whatsappFields = {
  name,
  provider: Joi.string().valid(...WHATSAPP_PROVIDERS),
  isDefault: Joi.boolean(),
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  expiresInactiveMessage: text,
  token: whatsappToken.allow(''),
  expiresTicket: minutes,
  timeUseBotQueues: minutes,
  maxUseBotQueues: Joi.number().integer().min(0).max(WHATSAPP_BOT_USES_MAX),
  timeToTransfer: minutes,
  transferQueueId: optionalId,
  queueIds: Joi.array().items(id).max(500).unique(),
  promptId: optionalId,
  integrationId: optionalId,
  flowId: optionalId,
  schedules: Joi.array().items(scheduleRowSchema).max(7).unique('weekdayEn'),
  /** Super users only: a connection of another company. */
  companyId: id,
  // Read-only fields the edit modal sends back with the rest: ignored.
  id: Joi.any().strip(),
  status: Joi.any().strip(),
  qrcode: Joi.any().strip(),
  qrExpiresAt: Joi.any().strip(),
  retries: Joi.any().strip(),
  number: Joi.any().strip(),
  queues: Joi.any().strip(),
  session: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

export const whatsappCreateSchema = Joi.object({ ...whatsappFields, name: name.required() });

/** A connection stays in its company: companyId sent back by the modal is ignored. */
export const whatsappUpdateSchema = Joi.object({ ...whatsappFields, companyId: Joi.any().strip() }).min(1);

/** `session=0` asks for the list without session internals: every answer is that safe shape. */
export const whatsappListQuery = Joi.object({ session: Joi.number().valid(0, 1), companyId: id });

/** Deleting the default connection while others exist names the new default. */
export const whatsappDeleteQuery = Joi.object({ newDefaultId: id });

/** A phone number as typed (+55 (11) 9...); the server keeps the digits. */
export const phoneDigits = Joi.string()
  .trim()
  .pattern(/^\+?[\d\s().-]+$/)
  .custom((value: string, helpers) => {
    const digits = value.replace(/\D/g, '');
    if (digits.length < 8) return helpers.error('string.min', { limit: 8 });
    if (digits.length > 20) return helpers.error('string.max', { limit: 20 });
    return digits;
  });

export const sandboxParams = Joi.object({ whatsappId: id.required() });

/** Confirms the pairing (stands for the scan); `token` is the QR's content, checked when given. */
export const sandboxPairSchema = Joi.object({ number: phoneDigits, token: Joi.string().max(200) }).allow(null);

const fileMediaTypes: readonly string[] = SANDBOX_FILE_MEDIA_TYPES;
const sandboxMedia = Joi.object({
  data: Joi.string()
    .base64()
    .max(Math.ceil(SANDBOX_MEDIA_MAX_BYTES / 3) * 4)
    .required(),
  mimeType: Joi.string().pattern(/^[\w.+-]+\/[\w.+-]+$/).max(100).required(),
  fileName: Joi.string().trim().min(1).max(255).required(),
});

/** Fields of a message only (a reaction, edit or delete carries none of them). */
const messageOnly = (schema: Schema) => Joi.when('kind', { is: 'message', then: schema, otherwise: Joi.forbidden() });

/** A customer's message injected into a sandbox connection, or the customer's action on one (`kind`). */
export const sandboxMessageSchema = Joi.object({
  kind: Joi.string()
    .valid(...SANDBOX_ACTION_KINDS)
    .default('message'),
  targetProviderMessageId: Joi.when('kind', { is: 'message', then: Joi.forbidden(), otherwise: Joi.string().max(200).required() }),
  emoji: Joi.when('kind', {
    is: 'reaction',
    then: Joi.string()
      .allow('')
      .max(EMOJI_MAX_LENGTH)
      .custom((value: string, helpers) => (value === '' || isEmoji(value) ? value : helpers.error('any.invalid')))
      .required(),
    otherwise: Joi.forbidden(),
  }),
  from: phoneDigits.required(),
  name: Joi.string().trim().max(100).allow(''),
  // By media first (a message with a file may go without text; only messages carry files), so
  // that Joi checks the media before the text; then by kind.
  body: Joi.when('media', {
    is: Joi.exist(),
    then: Joi.string().allow('').max(65_536).default(''),
    otherwise: Joi.when('kind', {
      is: Joi.valid('reaction', 'delete'),
      then: Joi.forbidden(),
      otherwise: Joi.string().min(1).max(65_536).required(),
    }),
  }),
  fromMe: Joi.boolean().default(false),
  isGroup: Joi.boolean().default(false),
  groupId: Joi.string().pattern(/^[\d-]{5,60}$/),
  groupName: Joi.when('isGroup', { is: true, then: Joi.string().trim().min(1).max(100).required(), otherwise: Joi.forbidden() }),
  mediaType: messageOnly(Joi.string().valid(...SANDBOX_MEDIA_TYPES)),
  media: messageOnly(
    Joi.when('mediaType', {
      switch: [
        { is: Joi.valid(...fileMediaTypes).required(), then: sandboxMedia.required() },
        { is: Joi.exist(), then: Joi.forbidden() },
      ],
      otherwise: sandboxMedia,
    }),
  ),
  quotedProviderMessageId: messageOnly(Joi.string().max(200)),
  providerMessageId: Joi.string().max(200),
  /** The message arrives undecryptable (stored as a placeholder); its retry is the same providerMessageId sent again. */
  undecryptable: Joi.boolean().default(false),
  /** The sender's LID (WhatsApp's private id), digits. */
  lid: Joi.string().pattern(/^\d{5,20}$/),
  /** The sender shows only the LID, not the number (as WhatsApp does for privacy). */
  hideNumber: Joi.boolean(),
}).with('hideNumber', 'lid');

export const sandboxOutboxQuery = Joi.object({
  to: Joi.string().pattern(/^[\d-]{1,60}$/),
  /** A message id of the outbox (exclusive cursor) or an ISO date. */
  after: Joi.alternatives().try(id, Joi.date().iso()),
  limit: Joi.number().integer().min(1).max(500).default(100),
});

export const sandboxReadSchema = Joi.object({
  providerMessageIds: Joi.array().items(Joi.string().max(200)).min(1).max(500).unique().required(),
});

/** Numbers (digits) starting with one of these prefixes are not on WhatsApp for this phone. */
export const sandboxAbsentSchema = Joi.object({ prefixes: Joi.array().items(Joi.string().pattern(/^\d{1,50}$/)).max(100).required() });

/**
 * Brazilian mobile numbers starting with one of these prefixes (written with the ninth digit) are
 * WhatsApp accounts without it, as older accounts are: they write from that form, and onWhatsApp
 * answers it.
 */
export const sandboxLegacySchema = Joi.object({ prefixes: Joi.array().items(Joi.string().pattern(/^\d{1,50}$/)).max(100).required() });

export const sandboxFailuresSchema = Joi.object({ count: Joi.number().integer().min(0).max(1_000).required() });

/**
 * The phone loses or gets back its connection. Coming back, the messages queued meanwhile are
 * replayed: `repeat` of them delivered twice, and `shuffle`d, as WhatsApp's replay sometimes is.
 */
export const sandboxConnectivitySchema = Joi.object({
  online: Joi.boolean().required(),
  replay: Joi.object({ repeat: Joi.number().integer().min(0).max(10_000).default(0), shuffle: Joi.boolean().default(false) }),
});
