import { SESSION_CLIENTS } from '../domain/entities.js';
import { Joi } from './joi.js';
import { email } from './common.js';

/**
 * Login: email and password required; bounds are not given by the spec, so only sanity caps.
 * `client` says which kind of session to open (console when absent).
 */
export const loginSchema = Joi.object({
  email: email.required(),
  password: Joi.string().min(1).max(200).required(),
  client: Joi.string().valid(...SESSION_CLIENTS),
});
