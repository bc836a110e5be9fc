import type { Request, ResponseToolkit } from '@hapi/hapi';
import type { ValidationError } from 'joi';
import { validationError } from '../errors.js';

/** Joi failures answer 400 ERR_VALIDATION naming the field and the rule. */
export function failAction(_request: Request, _h: ResponseToolkit, err?: Error): never {
  const source = (err as { output?: { payload?: { validation?: { source?: string } } } } | undefined)?.output?.payload
    ?.validation?.source;
  throw validationError(err as ValidationError, source ?? 'request');
}
