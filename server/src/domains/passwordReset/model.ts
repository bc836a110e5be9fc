import type { Types } from 'mongoose';
import { ObjectId, platformModel } from '../../platform/database/models.js';

/** The one code a user may reset their password with (a new request replaces it). */
export interface PasswordResetDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  /** argon2 hash of the 6-digit code: the database alone does not tell it. */
  codeHash: string;
  /** New with every code: its tries are counted under it. */
  codeId: Types.ObjectId;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

// Users are found by e-mail across companies (as at login), so the code belongs to the platform.
export const PasswordResetModel = platformModel<PasswordResetDoc>('PasswordReset', {
  userId: { type: ObjectId, ref: 'User', required: true, unique: true },
  codeHash: { type: String, required: true },
  codeId: { type: ObjectId, required: true },
  expiresAt: { type: Date, required: true },
});

/** One try on a code: number 1 to RESET_CODE_TRIES, or 0 for its one use (tries.ts). */
export interface PasswordResetTryDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  codeId: Types.ObjectId;
  number: number;
  createdAt: Date;
  updatedAt: Date;
}

export const PasswordResetTryModel = platformModel<PasswordResetTryDoc>(
  'PasswordResetTry',
  {
    userId: { type: ObjectId, ref: 'User', required: true },
    codeId: { type: ObjectId, required: true },
    number: { type: Number, required: true },
  },
  (schema) => {
    schema.index({ codeId: 1, number: 1 }, { unique: true });
    schema.index({ userId: 1 });
  },
);
