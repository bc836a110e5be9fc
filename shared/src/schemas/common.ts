/** Building blocks reused by every entity schema. */
import { Joi } from './joi.js';
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../domain/constants.js';
import { COLOR_PATTERN } from '../domain/colors.js';
import { isCalendarDay } from '../domain/dashboard.js';

/** Ids are strings on the wire (MongoDB ObjectIds as 24 hex characters). */
export const id = Joi.string().hex().length(24);

export const name = Joi.string().trim().min(NAME_MIN).max(NAME_MAX);
export const password = Joi.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const email = Joi.string().trim().lowercase().email({ tlds: { allow: false } }).max(254);

/** A real UTC calendar day, YYYY-MM-DD (2020-13-45 and 2021-02-29 are refused). */
export const calendarDay = Joi.string()
  .trim()
  .custom((value: string, helpers) => (isCalendarDay(value) ? value : helpers.error('date.day')))
  .messages({ 'date.day': '{{#label}} must be a day written YYYY-MM-DD' });

/** Every stored colour (queues, tags): hex only, never CSS (domain/colors.ts). */
export const color = Joi.string()
  .trim()
  .pattern(COLOR_PATTERN, 'colour')
  .messages({ 'string.pattern.name': '{{#label}} must be a colour written #rgb, #rrggbb or #rrggbbaa' });

/** "HH:mm" working hours, entered as ##:## (document 1 section 5). */
export const hour = Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/);

export const pageQuery = {
  searchParam: Joi.string().trim().allow('').max(200).default(''),
  pageNumber: Joi.number().integer().min(1).max(100_000).default(1),
};

export const idParams = Joi.object({ id: id.required() });
