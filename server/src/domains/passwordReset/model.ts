import type { Types } from 'mongoose';
import { ObjectId, platformModel } from '../../platform/database/models.js';

/** The one code a user may reset their password with (a new request replaces it). */
export interface PasswordResetDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  /** argon2 hash of the 6-digit code: the database alone does not tell it. */
  codeHash: string;
  expiresAt: Date;
  /** Wrong codes tried so far (RESET_CODE_TRIES at most). */
  tries: number;
  createdAt: Date;
  updatedAt: Date;
}

// Users are found by e-mail across companies (as at login), so the code belongs to the platform.
export const PasswordResetModel = platformModel<PasswordResetDoc>('PasswordReset', {
  userId: { type: ObjectId, ref: 'User', required: true, unique: true },
  codeHash: { type: String, required: true },
  expiresAt: { type: Date, required: true },
  tries: { type: Number, default: 0 },
});
