import type { ObjectSchema, StringSchema } from 'joi';
import { Joi } from './joi.js';
import { PLATFORM_SETTING_KEYS, SCHEDULE_TYPES, SETTING_KEYS, TOGGLE_VALUES } from '../domain/settings.js';
import { isTimeZone } from '../domain/timeZone.js';
import { openAiBaseUrl } from './prompts.js';

/** An IANA time zone such as America/Sao_Paulo ('' for the operator's, ATENDE_TIMEZONE). */
export const timeZoneValue = Joi.string()
  .allow('')
  .custom((value: string, helpers) => (value === '' || isTimeZone(value) ? value : helpers.error('timeZone.iana')))
  .messages({ 'timeZone.iana': '{{#label}} must be an IANA time zone such as America/Sao_Paulo' });

export const settingKeyParams = Joi.object({
  key: Joi.string().valid(...SETTING_KEYS, ...PLATFORM_SETTING_KEYS).required(),
});

/** Value rules per key: toggles are enabled/disabled, scheduleType, chatBotType, openAiBaseUrl and timeZone have their own. */
export function settingValueSchema(key: string): StringSchema {
  if (key === 'openAiBaseUrl') return openAiBaseUrl.required();
  if (key === 'timeZone') return timeZoneValue.required();
  if (key === 'scheduleType') return Joi.string().valid(...SCHEDULE_TYPES).required();
  if (key === 'chatBotType') return Joi.string().trim().min(1).max(50).required();
  return Joi.string().valid(...TOGGLE_VALUES).required();
}

/** The route's check; the value's own rule is its key's (settingUpdatePayload), '' for a text setting left empty. */
export const settingUpdateSchema = Joi.object({
  key: Joi.string(),
  value: Joi.string().allow('').required(),
});

/** The PUT body checked with the value rule of its key, so a refused value names the field "value". */
export function settingUpdatePayload(key: string): ObjectSchema {
  return settingUpdateSchema.keys({ value: settingValueSchema(key) });
}
