/** Reacting to, editing and forwarding messages (issue 23). */
import { Joi } from './joi.js';
import { id } from './common.js';
import { FORWARD_MAX_MESSAGES } from '../domain/messageActions.js';
import { EMOJI_MAX_LENGTH, isEmoji } from '../domain/reactions.js';
import { MESSAGE_BODY_MAX } from './tickets.js';

export const messageIdParams = Joi.object({ messageId: id.required() });

/** One emoji, or '' to take the company's reaction back. */
export const messageReactionSchema = Joi.object({
  emoji: Joi.string()
    .allow('')
    .max(EMOJI_MAX_LENGTH)
    .custom((value: string, helpers) => (value === '' || isEmoji(value) ? value : helpers.error('string.emoji')))
    .messages({ 'string.emoji': '{{#label}} must be one emoji' })
    .required(),
});

export const messageEditSchema = Joi.object({
  body: Joi.string().trim().min(1).max(MESSAGE_BODY_MAX).required(),
});

export const messageForwardSchema = Joi.object({
  messageIds: Joi.array().items(id).min(1).max(FORWARD_MAX_MESSAGES).unique().required(),
  contactId: id.required(),
  requestId: Joi.string().pattern(/^[\w-]{8,64}$/),
});
