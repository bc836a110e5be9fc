/**
 * Password reset by e-mail (document 3): a 6-digit code is e-mailed, kept hashed, valid for 15
 * minutes, for one use and five tries (tries.ts); asking for codes is limited per e-mail and per
 * address. An unknown e-mail answers 404 as the document requires (its page says so), and nothing
 * else tells accounts apart. The new password ends every session of the user.
 */
import { randomInt } from 'node:crypto';
import { Types } from 'mongoose';
import {
  createI18n,
  RESET_CODE_DIGITS,
  RESET_CODE_TTL_MS,
  RESET_REQUEST_WINDOW_S,
  RESET_REQUESTS_PER_EMAIL,
  RESET_REQUESTS_PER_IP,
  type Language,
} from '@atende/shared';
import { checkPassword, hashPassword } from '../../platform/auth/passwords.js';
import type { AttemptLimits } from '../../platform/auth/rateLimit.js';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { endSessions } from '../auth/sessions.js';
import { UserModel, type UserDoc } from '../users/model.js';
import { PasswordResetModel, type PasswordResetDoc } from './model.js';
import { forgetTries, takeTry, takeUse } from './tries.js';

function newCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');
}

function findUser(email: string): Promise<UserDoc | null> {
  return UserModel.findOne({ email }).setOptions({ crossTenant: true }).lean<UserDoc>();
}

export function createPasswordResetService(deps: { config: Pick<Config, 'language'>; logger: Logger; mailer: Mailer; realtime: RealtimePublisher; attemptLimits: AttemptLimits }) {
  const { mailer, logger, realtime } = deps;
  const limiter = deps.attemptLimits('passwordReset', RESET_REQUEST_WINDOW_S);

  async function mailCode(user: UserDoc, code: string): Promise<void> {
    const texts = createI18n((user.language as Language | null) ?? deps.config.language);
    const minutes = RESET_CODE_TTL_MS / 60_000;
    await mailer.send({
      to: [user.email],
      subject: texts.t('passwordReset.subject'),
      text: texts.t('passwordReset.body', { name: user.name, code, minutes, interpolation: { escapeValue: false } }),
    });
  }

  return {
    async availability(): Promise<{ configured: boolean }> {
      return { configured: await mailer.configured() };
    },

    /** POST /forgetpassword/{email}: a new code replaces the previous one. */
    async request(email: string, ip: string): Promise<{ message: string }> {
      if (!(await mailer.configured())) throw new AppError('ERR_MAIL_NOT_CONFIGURED');
      const attempt = await limiter.reserve([
        { key: `email:${email}`, limit: RESET_REQUESTS_PER_EMAIL },
        { key: `ip:${ip}`, limit: RESET_REQUESTS_PER_IP },
      ]);
      if (!attempt.ok) throw new AppError('ERR_TOO_MANY_ATTEMPTS', { retryAfter: attempt.retryAfter });
      const user = await findUser(email);
      if (!user) throw new AppError('ERR_EMAIL_NOT_FOUND');
      const code = newCode();
      await PasswordResetModel.updateOne(
        { userId: user._id },
        { $set: { codeHash: await hashPassword(code), codeId: new Types.ObjectId(), expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS) } },
        { upsert: true },
      );
      await forgetTries(user._id);
      try {
        await mailCode(user, code);
      } catch (err) {
        await PasswordResetModel.deleteOne({ userId: user._id });
        logger.error({ err, userId: String(user._id) }, 'the password reset code could not be e-mailed');
        throw new AppError('ERR_MAIL_NOT_CONFIGURED');
      }
      return { message: 'sent' };
    },

    /** POST /resetpasswords (and document 3's /resetpasswords/{email}/{token}/{newPassword}) */
    async reset(email: string, code: string, newPassword: string): Promise<{ message: string }> {
      const user = await findUser(email);
      if (!user) throw new AppError('ERR_INVALID_RESET_CODE');
      const stored = await PasswordResetModel.findOne({ userId: user._id }).lean<PasswordResetDoc>();
      if (!stored?.codeId || stored.expiresAt.getTime() <= Date.now()) throw new AppError('ERR_INVALID_RESET_CODE');
      // The try is taken before the code is checked: concurrent guesses cannot exceed the tries.
      if (!(await takeTry(stored)) || !(await checkPassword(stored.codeHash, code))) throw new AppError('ERR_INVALID_RESET_CODE');
      // Single use: of concurrent right codes one goes on; a code replaced meanwhile no longer counts.
      if (!(await takeUse(stored))) throw new AppError('ERR_INVALID_RESET_CODE');
      const used = await PasswordResetModel.deleteOne({ _id: stored._id, codeId: stored.codeId });
      if (used.deletedCount !== 1) throw new AppError('ERR_INVALID_RESET_CODE');
      await UserModel.updateOne({ _id: user._id, companyId: user.companyId }, { $set: { passwordHash: await hashPassword(newPassword) } });
      await endSessions(realtime, { companyId: String(user.companyId), userId: String(user._id) });
      await limiter.reset(`email:${email}`);
      await forgetTries(user._id);
      return { message: 'updated' };
    },
  };
}
