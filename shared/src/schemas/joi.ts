/**
 * Joi as every schema uses it: the same, except that every string refuses NUL characters and
 * lone UTF-16 surrogates (ERR_VALIDATION with rule `string.nul` or `string.surrogate`). Neither
 * can be stored by the database engines nor searched for, so they are refused at the door, for
 * every field at once.
 */
import BaseJoi, { type Root, type StringSchema } from 'joi';

/** A high surrogate not followed by a low one, or a low one without its high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const Joi: Root = BaseJoi.extend((joi) => ({
  type: 'string',
  base: joi.string() as StringSchema,
  messages: {
    'string.nul': '{{#label}} must not contain NUL characters',
    'string.surrogate': '{{#label}} must not contain unpaired surrogates',
  },
  validate(value: unknown, helpers) {
    if (typeof value !== 'string') return { value };
    if (value.includes('\u0000')) return { value, errors: helpers.error('string.nul') };
    if (LONE_SURROGATE.test(value)) return { value, errors: helpers.error('string.surrogate') };
    return { value };
  },
}));
