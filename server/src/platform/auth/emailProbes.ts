/**
 * E-mail addresses are unique across the platform, so an answer saying one is taken
 * (ERR_DUPLICATED_EMAIL: sign-up, creating or editing a user) tells who has an account. Each
 * caller (a user, or a client address when anonymous) hears it EMAIL_PROBES_MAX times per window;
 * after that the same answer is 429 ERR_TOO_MANY_ATTEMPTS. Only those answers count, counted as
 * they are given, so concurrent probes cannot all get through and other calls are never slowed.
 * The count is the deployment's (a shared limiter): probing through several nodes gains nothing.
 */
import { AppError } from '../errors.js';
import type { SharedAttemptLimiter } from './rateLimit.js';

export const EMAIL_PROBES_MAX = 5;

export interface EmailProbes {
  /** Refuses a taken e-mail: ERR_DUPLICATED_EMAIL, or 429 once the caller heard it too often. */
  refuseTaken(caller: string): Promise<never>;
}

export function createEmailProbes(limiter: SharedAttemptLimiter): EmailProbes {
  return {
    async refuseTaken(caller) {
      const answer = await limiter.reserve([{ key: caller, limit: EMAIL_PROBES_MAX }]);
      if (!answer.ok) throw new AppError('ERR_TOO_MANY_ATTEMPTS', { retryAfter: answer.retryAfter });
      throw new AppError('ERR_DUPLICATED_EMAIL');
    },
  };
}

/** For callers that are not limited (first start, super users creating companies). */
export const unlimitedEmailProbes: EmailProbes = {
  async refuseTaken() {
    throw new AppError('ERR_DUPLICATED_EMAIL');
  },
};
