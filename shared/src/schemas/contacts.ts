import { Joi } from './joi.js';
import { PHONE_MAX, PHONE_MIN } from '../domain/constants.js';
import {
  CONTACT_EXTRA_INFO_MAX,
  CONTACT_EXTRA_NAME_MAX,
  CONTACT_EXTRA_VALUE_MAX,
  CONTACT_UPLOAD_MAX_ROWS,
  normaliseContactNumber,
} from '../domain/contacts.js';
import { calendarDay, email, id, name, pageQuery } from './common.js';

/**
 * A person's number as typed ("+55 (11) 99999-0000"): answers the digits, 8 to 50 of them
 * (document 2 section 5). Letters or other signs are refused (any.invalid).
 */
export const contactNumber = Joi.alternatives()
  .try(Joi.string().trim().max(100), Joi.number().integer().min(0).unsafe())
  .custom((value: string | number, helpers) => {
    const digits = normaliseContactNumber(value);
    if (digits === null) return helpers.error('any.invalid');
    if (digits.length < PHONE_MIN) return helpers.error('string.min', { limit: PHONE_MIN, value: digits });
    if (digits.length > PHONE_MAX) return helpers.error('string.max', { limit: PHONE_MAX, value: digits });
    return digits;
  })
  .messages({
    'string.min': '{{#label}} must have at least {{#limit}} digits',
    'string.max': '{{#label}} must have at most {{#limit}} digits',
  });

export const contactExtraInfoSchema = Joi.object({
  /** Present for an entry that already exists (kept on update); absent for a new one. */
  id: id,
  name: Joi.string().trim().min(1).max(CONTACT_EXTRA_NAME_MAX).required(),
  value: Joi.string().trim().allow('').max(CONTACT_EXTRA_VALUE_MAX).default(''),
});

const contactFields = {
  name,
  number: contactNumber,
  email: email.allow('', null),
  extraInfo: Joi.array().items(contactExtraInfoSchema).max(CONTACT_EXTRA_INFO_MAX),
};

export const contactCreateSchema = Joi.object({
  ...contactFields,
  name: name.required(),
  number: contactNumber.required(),
});

/** extraInfo, when sent, replaces the list: kept ids stay, missing ones go, new ones are added. */
export const contactUpdateSchema = Joi.object(contactFields).min(1);

const day = calendarDay;

export const contactListQuery = Joi.object({
  ...pageQuery,
  /** Contacts created on that day (YYYY-MM-DD, UTC), or between dateStart and dateEnd inclusive. */
  date: day,
  dateStart: day,
  dateEnd: day,
});

export const contactPickerQuery = Joi.object({ companyId: id });

/** One spreadsheet row as the server re-checks it (number cells may arrive as numbers). */
export const contactRowSchema = Joi.object({
  name: name.required(),
  number: contactNumber.required(),
  email: email.allow('', null),
});

/** POST /contacts/upload: the rows of a parsed spreadsheet (at most CONTACT_UPLOAD_MAX_ROWS). */
export const contactUploadSchema = Joi.array().items(Joi.object().unknown(true)).min(1).max(CONTACT_UPLOAD_MAX_ROWS).required();

/** POST /contacts/import: multipart with one file (.csv; .xlsx needs a parser, see the route). */
export const contactImportSchema = Joi.object({ file: Joi.any().required() }).unknown(true);

/** POST /contacts/merge: merges the company's contacts that are one person; `dryRun` only lists the pairs. */
export const contactMergeSchema = Joi.object({ dryRun: Joi.boolean().default(false) }).allow(null);
