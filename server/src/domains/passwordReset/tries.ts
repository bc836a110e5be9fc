/**
 * The tries on a reset code, each taken by an insert guarded by a unique index (one document per
 * code and try number): of any number of concurrent tries at most RESET_CODE_TRIES get a number,
 * and of concurrent right codes exactly one gets the use (number 0), on MongoDB and on the
 * embedded engine alike (FerretDB's conditional updates are not isolated; its unique indexes hold).
 */
import { RESET_CODE_TRIES } from '@atende/shared';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/errors.js';
import { PasswordResetTryModel, type PasswordResetDoc } from './model.js';

type Code = Pick<PasswordResetDoc, 'userId' | 'codeId'>;

async function claim(code: Code, number: number): Promise<boolean> {
  try {
    await PasswordResetTryModel.create({ userId: code.userId, codeId: code.codeId, number });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** Takes the code's next free try; false once every try was taken. */
export async function takeTry(code: Code): Promise<boolean> {
  for (let number = 1; number <= RESET_CODE_TRIES; number += 1) {
    if (await claim(code, number)) return true;
  }
  return false;
}

/** Takes the code's one use: true for exactly one caller. */
export function takeUse(code: Code): Promise<boolean> {
  return claim(code, 0);
}

/** Forgets the tries of the user's codes (a new code, or the password changed). */
export async function forgetTries(userId: Types.ObjectId): Promise<void> {
  await PasswordResetTryModel.deleteMany({ userId });
}
