import { Joi } from './joi.js';
import { SCHEDULE_BODY_MAX, SCHEDULE_BODY_MIN, SCHEDULE_WINDOW_MAX_DAYS } from '../domain/schedules.js';
import { id, pageQuery } from './common.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const scheduleFields = {
  body: Joi.string().trim().min(SCHEDULE_BODY_MIN).max(SCHEDULE_BODY_MAX).messages({ 'string.min': 'Mensagem muito curta', 'string.empty': 'Mensagem muito curta' }),
  contactId: id.messages({ 'any.required': 'Obrigatório' }),
  sendAt: Joi.date().iso().messages({ 'any.required': 'Obrigatório' }),
  // Sent back by the dialog with the rest of the record; read-only here (the attachment has its own route).
  id: Joi.any().strip(),
  companyId: Joi.any().strip(),
  contact: Joi.any().strip(),
  sentAt: Joi.any().strip(),
  status: Joi.any().strip(),
  mediaPath: Joi.any().strip(),
  mediaName: Joi.any().strip(),
  mediaUrl: Joi.any().strip(),
  userId: Joi.any().strip(),
  attempts: Joi.any().strip(),
  lastError: Joi.any().strip(),
  ticketId: Joi.any().strip(),
  messageId: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

export const scheduleCreateSchema = Joi.object({
  ...scheduleFields,
  body: scheduleFields.body.required(),
  contactId: scheduleFields.contactId.required(),
  sendAt: scheduleFields.sendAt.required(),
});

export const scheduleUpdateSchema = Joi.object(scheduleFields).min(1);

/**
 * The list (searchParam, pageNumber; newest sendAt first), or a calendar window: from and to
 * (ISO dates, at most SCHEDULE_WINDOW_MAX_DAYS apart) answer every schedule due in it, by sendAt.
 */
export const scheduleListQuery = Joi.object({
  ...pageQuery,
  contactId: id,
  from: Joi.date().iso(),
  to: Joi.date().iso().greater(Joi.ref('from')),
})
  .and('from', 'to')
  .custom((value: { from?: Date; to?: Date }, helpers) =>
    value.from && value.to && value.to.getTime() - value.from.getTime() > SCHEDULE_WINDOW_MAX_DAYS * DAY_MS ? helpers.error('date.window') : value,
  )
  .messages({ 'date.window': `the window from..to spans at most ${SCHEDULE_WINDOW_MAX_DAYS} days` });

/** POST /schedules/{id}/media-upload (multipart): the file part is checked by the server. */
export const scheduleMediaSchema = Joi.object({
  file: Joi.any().required(),
}).unknown(false);
