import { Joi } from './joi.js';
import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX } from '../domain/chats.js';
import { id, pageQuery } from './common.js';

const title = Joi.string().trim().min(1).max(CHAT_TITLE_MAX);
/** Members besides the owner, who is always one. */
const users = Joi.array().items(id).min(1).unique();

export const chatCreateSchema = Joi.object({ title: title.required(), users: users.required() });

export const chatUpdateSchema = Joi.object({ title, users }).min(1);

export const chatListQuery = Joi.object(pageQuery);

/** A chat by its id (24 hex) or its uuid: the page's address is /chats/{uuid}. */
export const chatRefParams = Joi.object({
  id: Joi.alternatives().try(id, Joi.string().guid()).required(),
});

/** The spec's client sends its own userId; the reader is always the signed-in user. */
export const chatReadSchema = Joi.object({ userId: id }).allow(null);

export const chatMessageListQuery = Joi.object({ pageNumber: pageQuery.pageNumber });

export const chatMessageSchema = Joi.object({ message: Joi.string().trim().min(1).max(CHAT_MESSAGE_MAX).required() });
