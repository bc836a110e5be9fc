import { SESSION_CLIENTS, type SessionClient } from '@atende/shared';
import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/** One login: the refresh token's current jti lives here and rotates on every refresh (see auth/sessions.ts). */
export interface SessionDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  userId: Types.ObjectId;
  sessionId: string;
  /** The kind of program it is for (console: the web console and the terminal inbox; cli). */
  client: SessionClient;
  currentJti: string;
  /** The jti rotated away last, still honoured until REUSE_WINDOW_MS after rotatedAt (two tabs refreshing at once). */
  previousJti: string | null;
  rotatedAt: Date | null;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const SessionModel = tenantModel<SessionDoc>(
  'Session',
  {
    userId: { type: ObjectId, ref: 'User', required: true, index: true },
    sessionId: { type: String, required: true, unique: true },
    client: { type: String, enum: [...SESSION_CLIENTS], default: 'console' },
    currentJti: { type: String, required: true },
    previousJti: { type: String, default: null },
    rotatedAt: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
    userAgent: { type: String, default: null },
    ip: { type: String, default: null },
  },
  (schema) => {
    schema.index({ companyId: 1, expiresAt: 1 });
    // Every request checks its session by id; a user's sessions end together.
    engineKeys(schema, ['sessionId', 'userId']);
  },
);
