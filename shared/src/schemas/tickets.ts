import { Joi } from './joi.js';
import { TICKET_LIST_ORDERS, TICKET_STATUSES } from '../domain/tickets.js';
import { calendarDay, id } from './common.js';

/** List filters arrive as JSON arrays in the query string (the web sends them so). */
const idList = Joi.alternatives().try(
  Joi.array().items(id).max(200),
  Joi.string().custom((value: string, helpers) => {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string' && /^[0-9a-f]{24}$/i.test(item))) return parsed;
    } catch {
      // Falls through to the rule below.
    }
    return helpers.error('any.invalid');
  }),
);

const day = calendarDay;
const flag = Joi.boolean().truthy('true', '1').falsy('false', '0');

export const ticketListQuery = Joi.object({
  searchParam: Joi.string().trim().allow('').max(200).default(''),
  pageNumber: Joi.number().integer().min(1).max(100_000).default(1),
  status: Joi.string().valid(...TICKET_STATUSES),
  tags: idList,
  users: idList,
  queueIds: idList,
  date: day,
  updatedAt: day,
  showAll: flag.default(false),
  withUnreadMessages: flag.default(false),
  /** newest (latest activity first, the default) or oldest (who waits longest first). */
  order: Joi.string().valid(...TICKET_LIST_ORDERS).default('newest'),
});

/** An id (24 hex) or a uuid: tickets are reachable by both (document 1 section 2). */
export const ticketRefParams = Joi.object({
  ref: Joi.alternatives().try(id, Joi.string().guid()).required(),
});

export const ticketCreateSchema = Joi.object({
  contactId: id.required(),
  queueId: id.allow(null, ''),
  whatsappId: id.allow(null, ''),
  userId: id.allow(null, ''),
  status: Joi.string().valid('open'),
});

export const ticketUpdateSchema = Joi.object({
  status: Joi.string().valid(...TICKET_STATUSES),
  userId: id.allow(null, ''),
  queueId: id.allow(null, ''),
  whatsappId: id,
  useIntegration: Joi.boolean(),
  promptId: Joi.alternatives().try(id, Joi.boolean().valid(false)).allow(null),
  integrationId: Joi.alternatives().try(id, Joi.boolean().valid(false)).allow(null),
}).min(1);

export const messageListQuery = Joi.object({
  pageNumber: Joi.number().integer().min(1).max(100_000).default(1),
});

/** Longest text of a message. */
export const MESSAGE_BODY_MAX = 65_536;

export const messageSendSchema = Joi.object({
  body: Joi.string().allow('').max(MESSAGE_BODY_MAX).default(''),
  /** signOption: the agent's name goes in bold before the text (the customer's copy and the stored one). */
  sign: Joi.boolean().default(false),
  fromMe: Joi.any().strip(),
  read: Joi.any().strip(),
  mediaUrl: Joi.any().strip(),
  quotedMsg: Joi.object({ id: id.required() }).unknown(true).allow(null),
});

export const ticketIdParams = Joi.object({ ticketId: id.required() });
