import { Joi } from './joi.js';
import { ALL_TICKET_VALUES, LANGUAGES, PROFILES } from '../domain/enums.js';
import { email, id, name, pageQuery, password } from './common.js';

const userFields = {
  name,
  email,
  password,
  profile: Joi.string().valid(...PROFILES),
  queueIds: Joi.array().items(id).max(500).unique(),
  whatsappId: id.allow(null, ''),
  allTicket: Joi.string().valid(...ALL_TICKET_VALUES),
  language: Joi.string().valid(...LANGUAGES).allow(null),
  /** Only super users may target another company or grant the super flag. */
  companyId: id,
  super: Joi.boolean(),
};

export const userCreateSchema = Joi.object({
  ...userFields,
  name: name.required(),
  email: email.required(),
  password: password.required(),
  profile: userFields.profile.required(),
});

/** An empty password on edit means "keep the current one", as the user modal sends it. */
export const userUpdateSchema = Joi.object({ ...userFields, password: password.allow('') }).min(1);

export const userListQuery = Joi.object({ ...pageQuery, companyId: id });

export const languageParams = Joi.object({ lang: Joi.string().valid(...LANGUAGES).required() });
