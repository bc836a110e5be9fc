/**
 * Values from options, or asked for when missing. Prompts (inquirer, loaded only when one is
 * needed) appear only in interactive mode; otherwise a missing value is a usage error. Both paths
 * check the value with the shared joi rule of the field. What a prompt shows is terminal-safe.
 */
import { terminalSafe } from '@atende/shared';
import type { Context } from './context.js';
import { UsageError } from './errors.js';
import type { Texts } from './i18n.js';

/** The part of a joi schema used here (the CLI itself does not depend on joi). */
export interface Rule {
  validate(value: unknown, options?: object): { value: unknown; error?: { details: { type: string; path: (string | number)[]; context?: Record<string, unknown> }[] } };
}

export interface Ask {
  /** The option that gives the value, named in usage errors (e.g. `--email`). */
  option: string;
  message: string;
  rule?: Rule;
  secret?: boolean;
  default?: string;
}

function problem(texts: Texts, type: string, limit: unknown): string {
  if (type === 'any.required' || type === 'string.empty') return texts.validation('required');
  if (type === 'string.min') return texts.validation('tooShort');
  if (type === 'string.max') return texts.validation('tooLong');
  if (type === 'string.email') return texts.validation('invalidEmail');
  if (type === 'number.min') return texts.validation('min', { limit });
  if (type === 'number.max') return texts.validation('max', { limit });
  return texts.validation('invalid');
}

/** The value as the rule converts it, or the translated reason it is refused. */
function check(texts: Texts, rule: Rule, value: unknown): { value: unknown } | { reason: string } {
  const { value: converted, error } = rule.validate(value, { convert: true });
  const detail = error?.details[0];
  return detail ? { reason: problem(texts, detail.type, detail.context?.limit) } : { value: converted };
}

/** Checks a value given as an option: a refused one is a usage error naming the option. */
export function checked<T>(ctx: Context, option: string, rule: Rule, value: unknown): T {
  const result = check(ctx.texts, rule, value);
  if ('reason' in result) throw new UsageError(ctx.t('errors.invalid', { option, reason: result.reason }));
  return result.value as T;
}

/**
 * Checks the fields of a request body with its shared schema; a refused field is a usage error
 * naming its option (`optionOf`), an empty update asks for at least one option.
 */
export function checkedFields<T>(ctx: Context, rule: Rule, data: Record<string, unknown>, optionOf: Record<string, string>): T {
  // Options not given are absent, not undefined (joi refuses an undefined key it does not know).
  const given = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  const { value, error } = rule.validate(given, { convert: true, abortEarly: true });
  const detail = error?.details[0];
  if (!detail) return value as T;
  const field = detail.path[0];
  if (field === undefined) throw new UsageError(ctx.t('errors.nothingToChange'));
  const option = optionOf[String(field)] ?? `--${String(field)}`;
  throw new UsageError(ctx.t('errors.invalid', { option, reason: problem(ctx.texts, detail.type, detail.context?.limit) }));
}

export function missing(ctx: Context, option: string): UsageError {
  return new UsageError(ctx.t('errors.missing', { option }));
}

/** The given value (checked), else the answer to a prompt, else a usage error. */
export async function ask(ctx: Context, given: string | undefined, question: Ask): Promise<string> {
  if (given !== undefined) return question.rule ? checked<string>(ctx, question.option, question.rule, given) : given;
  if (!ctx.interactive) throw missing(ctx, question.option);
  const { input, password } = await import('@inquirer/prompts');
  const validate = (value: string): true | string => {
    if (!question.rule) return value.trim() !== '' || ctx.texts.validation('required');
    const result = check(ctx.texts, question.rule, value);
    return 'reason' in result ? result.reason : true;
  };
  const message = terminalSafe(question.message);
  const answer = question.secret
    ? await password({ message, mask: '*', validate })
    : await input({ message, validate, ...(question.default ? { default: terminalSafe(question.default) } : {}) });
  return question.rule ? (check(ctx.texts, question.rule, answer) as { value: string }).value : answer.trim();
}

/** The given value, else the user's pick among the choices, else a usage error. */
export async function choose(ctx: Context, given: string | undefined, question: { option: string; message: string; choices: { value: string; name: string }[] }): Promise<string> {
  if (given !== undefined) {
    if (!question.choices.some((choice) => choice.value === given)) {
      throw new UsageError(ctx.t('errors.invalid', { option: question.option, reason: ctx.texts.validation('invalid') }));
    }
    return given;
  }
  if (!ctx.interactive) throw missing(ctx, question.option);
  const { select } = await import('@inquirer/prompts');
  return select({ message: terminalSafe(question.message), choices: question.choices.map((choice) => ({ value: choice.value, name: terminalSafe(choice.name) })) });
}

/** --yes confirms; a terminal asks; without either the destructive action is refused. */
export async function confirmed(ctx: Context, message: string): Promise<boolean> {
  if (ctx.yes) return true;
  if (!ctx.interactive) throw new UsageError(ctx.t('errors.confirmNeeded'));
  const { confirm } = await import('@inquirer/prompts');
  return confirm({ message: terminalSafe(message), default: false });
}
