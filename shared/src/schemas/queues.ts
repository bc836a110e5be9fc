import { Joi } from './joi.js';
import { QUEUE_NAME_MAX, QUEUE_NAME_MIN, TOP_LEVEL_OPTION } from '../domain/queues.js';
import { scheduleRowSchema } from './companies.js';
import { color, id } from './common.js';

const queueFields = {
  name: Joi.string().trim().min(QUEUE_NAME_MIN).max(QUEUE_NAME_MAX),
  color,
  orderQueue: Joi.number().integer().min(0).max(9999).allow(null, ''),
  greetingMessage: Joi.string().max(4096).allow('', null),
  outOfHoursMessage: Joi.string().max(4096).allow('', null),
  schedules: Joi.array().items(scheduleRowSchema).max(7).unique('weekdayEn'),
  integrationId: id.allow(null, ''),
  promptId: id.allow(null, ''),
  // Sent back by the dialog with the rest of the record; read-only here.
  id: Joi.any().strip(),
  companyId: Joi.any().strip(),
  options: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
};

export const queueCreateSchema = Joi.object({ ...queueFields, name: queueFields.name.required(), color: queueFields.color.required() });

export const queueUpdateSchema = Joi.object(queueFields).min(1);

/** GET /queue: super users may name another company. */
export const queueListQuery = Joi.object({ companyId: id });

/** -1 (or null) is the top level of the options tree. */
const parentRef = Joi.alternatives().try(id, Joi.number().valid(TOP_LEVEL_OPTION), Joi.valid(null));

export const queueOptionListQuery = Joi.object({
  queueId: id.required(),
  /** Omitted: every option of the queue. */
  parentId: Joi.alternatives().try(id, Joi.number().valid(TOP_LEVEL_OPTION)),
});

const optionFields = {
  title: Joi.string().trim().min(1).max(100),
  message: Joi.string().max(4096).allow(''),
  option: Joi.string().trim().min(1).max(10),
};

export const queueOptionCreateSchema = Joi.object({
  ...optionFields,
  queueId: id.required(),
  parentId: parentRef.default(TOP_LEVEL_OPTION),
  title: optionFields.title.required(),
  option: optionFields.option.required(),
});

/** Options do not move: queueId and parentId sent back by the dialog are ignored. */
export const queueOptionUpdateSchema = Joi.object({
  ...optionFields,
  id: Joi.any().strip(),
  queueId: Joi.any().strip(),
  parentId: Joi.any().strip(),
  createdAt: Joi.any().strip(),
  updatedAt: Joi.any().strip(),
}).min(1);
