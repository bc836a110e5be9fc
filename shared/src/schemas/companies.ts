import { Joi } from './joi.js';
import { RECURRENCES, WEEKDAYS } from '../domain/enums.js';
import { COMPANY_BILLING_ADDRESS_MAX, COMPANY_BILLING_NAME_MAX, SIGNUP_PHONE_MAX_DIGITS } from '../domain/constants.js';
import { email, hour, id, name, pageQuery, password } from './common.js';

const weekdaysEn = WEEKDAYS.map((d) => d.weekdayEn);

/** Phone as typed in the (99) 99999-9999 mask; the server keeps the digits. */
export const signupPhone = Joi.string()
  .trim()
  .pattern(/^[\d\s()+-]*$/)
  .custom((value: string, helpers) => {
    const digits = value.replace(/\D/g, '');
    if (digits.length > SIGNUP_PHONE_MAX_DIGITS) return helpers.error('string.max', { limit: SIGNUP_PHONE_MAX_DIGITS });
    return digits;
  });

export const scheduleRowSchema = Joi.object({
  weekday: Joi.string().trim().max(30).allow(''),
  weekdayEn: Joi.string().valid(...weekdaysEn).required(),
  startTime: hour.allow('').required(),
  endTime: hour.allow('').required(),
});

export const schedulesSchema = Joi.object({
  schedules: Joi.array().items(scheduleRowSchema).max(7).unique('weekdayEn').required(),
});

/** Public sign-up (POST /companies/cadastro). Trial, recurrence and status are set by the server. */
export const signupSchema = Joi.object({
  name: name.required(),
  email: email.required(),
  phone: signupPhone.allow('').default(''),
  password: password.required(),
  planId: id.required(),
  /** The company whose sign-up link was followed (/signup?companyId=). */
  companyId: id,
  // Sent by the spec's form; the server decides these for a sign-up and ignores what arrives.
  recurrence: Joi.any().strip(),
  dueDate: Joi.any().strip(),
  status: Joi.any().strip(),
  campaignsEnabled: Joi.any().strip(),
});

const companyFields = {
  name,
  email: email.allow('', null),
  phone: Joi.string().trim().max(50).allow('', null),
  planId: id,
  status: Joi.boolean(),
  campaignsEnabled: Joi.boolean(),
  dueDate: Joi.date().iso(),
  recurrence: Joi.string().valid(...RECURRENCES),
  billingName: Joi.string().trim().max(COMPANY_BILLING_NAME_MAX).allow('', null),
  billingAddress: Joi.string().trim().max(COMPANY_BILLING_ADDRESS_MAX).allow('', null),
};

/** Super-user creation: also creates the company's first admin when password is given. */
export const companyCreateSchema = Joi.object({
  ...companyFields,
  name: name.required(),
  planId: id.required(),
  password: password,
});

export const companyUpdateSchema = Joi.object(companyFields).min(1);

export const companyListQuery = Joi.object(pageQuery);
