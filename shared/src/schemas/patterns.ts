/**
 * A field holding a regular expression a user writes: one helper for every such field, so that
 * the security sweeps find them all in the route table (`isUserPatternSchema`) and probe each with
 * a catastrophic pattern. The server compiles the pattern (platform/patterns.ts) and refuses what
 * its linear-time engine cannot run.
 */
import type { Description } from 'joi';
import { Joi } from './joi.js';
import { USER_PATTERN_MAX } from '../domain/patterns.js';

const MARK = 'userPattern';

export function userPattern() {
  return Joi.string().max(USER_PATTERN_MAX).allow('').meta({ [MARK]: true });
}

/** Whether a described joi schema (`schema.describe()`) is a user pattern field. */
export function isUserPatternSchema(description: Description | undefined): boolean {
  const metas = (description as { metas?: Record<string, unknown>[] } | undefined)?.metas ?? [];
  return metas.some((meta) => meta[MARK] === true);
}
