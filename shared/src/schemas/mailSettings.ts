import { Joi } from './joi.js';
import { SMTP_DEFAULT_PORT } from '../domain/mailSettings.js';

/** PUT /settings/smtp: an empty host removes the settings; an absent password keeps the stored one, '' clears it. */
export const mailSettingsSchema = Joi.object({
  host: Joi.string().trim().max(255).hostname().allow('').required(),
  port: Joi.number().integer().min(1).max(65_535).default(SMTP_DEFAULT_PORT),
  user: Joi.string().trim().max(255).allow('').default(''),
  password: Joi.string().max(500).allow(''),
  from: Joi.string().trim().max(200).allow('').default(''),
  secure: Joi.boolean().default(false),
  // Read-only fields sent back by the form.
  passwordSet: Joi.any().strip(),
  source: Joi.any().strip(),
});
