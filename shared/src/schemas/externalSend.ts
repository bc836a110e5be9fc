/** The external send API (document 3, external messaging API) and its test forms. */
import { Joi } from './joi.js';
import { id } from './common.js';
import { contactNumber } from './contacts.js';
import { messageSendSchema } from './tickets.js';

/** POST /messages/send: JSON { number, body, quotedMsgId, fileListId } or multipart with the same fields plus `medias` files. */
export const externalSendSchema = Joi.object({
  number: contactNumber.required(),
  body: messageSendSchema.extract('body'),
  quotedMsgId: id.allow(null, ''),
  /** A file list of the connection's company: its message and each option's file follow, in order. */
  fileListId: id.allow(null, '').empty(''),
  // File streams of a multipart body, read by the server's upload reader (the inbox's limits).
  medias: Joi.any(),
});

/** The /messages-api page's test forms: a connection token, and the number without a mask (country code and number). */
export const messagesApiTestSchema = Joi.object({
  token: Joi.string().trim().min(1).max(200).required(),
  number: Joi.string().trim().pattern(/^\d{8,20}$/).required(),
  body: messageSendSchema.extract('body'),
});
