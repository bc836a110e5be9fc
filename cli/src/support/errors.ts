/**
 * Exit codes (issue 7): 0 success, 1 usage error, 2 the server refused (its ERR_ code, translated),
 * 3 the server could not be reached; 4 a wait ended without its goal (`connections qr`: timeout
 * or DISCONNECTED); 5 some rows of a `contacts import` were refused, 6 all of them (issue 18).
 */
import type { ApiError, NetworkError } from '@atende/shared/client';
import type { Texts } from './i18n.js';

export const EXIT = { ok: 0, usage: 1, refused: 2, network: 3, waitFailed: 4, someRowsRefused: 5, allRowsRefused: 6 } as const;

/** Bad or missing arguments, detected before any call. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A wait that ended without reaching what it waited for. */
export class WaitFailed extends Error {
  override readonly name = 'WaitFailed';
}

/** An import whose report is printed, with rows the server refused: some of them, or all. */
export class RowsRefused extends Error {
  override readonly name = 'RowsRefused';

  constructor(
    message: string,
    readonly all: boolean,
  ) {
    super(message);
  }
}

/** By name: the client module that defines these classes is loaded only when a command needs it. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError';
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof Error && error.name === 'NetworkError';
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (isApiError(error)) return EXIT.refused;
  if (isNetworkError(error)) return EXIT.network;
  if (error instanceof WaitFailed) return EXIT.waitFailed;
  if (error instanceof RowsRefused) return error.all ? EXIT.allRowsRefused : EXIT.someRowsRefused;
  // Anything else is a failure of this program; 1 keeps scripts from mistaking it for a refusal.
  return EXIT.usage;
}

/** What the user reads: the translated catalogue text for server refusals, with the code. */
export function describeError(error: unknown, texts: Texts): { code?: string; message: string } {
  if (isApiError(error)) {
    const expired = error.code === 'ERR_SUBSCRIPTION_EXPIRED' && typeof error.data.dueDate === 'string';
    let message = expired ? texts.t('errors.subscriptionExpired', { date: texts.date(error.data.dueDate as string) }) : texts.error(error.code, error.message);
    if (typeof error.data.field === 'string') message += ` (${error.data.field})`;
    if (error.status === 401) message += `\n${texts.t('errors.loginHint')}`;
    return { code: error.code, message };
  }
  if (isNetworkError(error)) return { message: texts.t('errors.network', { reason: error.message }) };
  return { message: error instanceof Error ? error.message : String(error) };
}
