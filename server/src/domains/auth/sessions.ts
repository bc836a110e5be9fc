/**
 * Sessions as the bearer scheme and the domains see them: what a token may do now, and ending
 * sessions together with their open websockets (logout, new password or e-mail, user removed,
 * company closed).
 */
import { randomUUID } from 'node:crypto';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { updateDocument } from '../../platform/database/serial.js';
import type { RealtimePublisher, SocketScope } from '../../platform/realtime.js';
import { UserModel, type UserDoc } from '../users/model.js';
import { SessionModel, type SessionDoc } from './sessionModel.js';

/** The token's session still exists and its user too; profile and super flag as the user is now. */
export async function currentCredentials(claims: AuthCredentials): Promise<AuthCredentials | null> {
  const [session, user] = await Promise.all([
    SessionModel.exists({ companyId: claims.companyId, sessionId: claims.sessionId }),
    UserModel.findOne({ _id: claims.userId, companyId: claims.companyId }, { profile: 1, super: 1 }).lean<Pick<UserDoc, 'profile' | 'super'>>(),
  ]);
  if (!session || !user) return null;
  return { ...claims, profile: user.profile, super: user.super };
}

/** Ends the sessions in scope: their tokens and refresh cookies stop working, their sockets close. */
export async function endSessions(realtime: RealtimePublisher, scope: SocketScope): Promise<void> {
  const filter: Record<string, unknown> = { companyId: scope.companyId };
  if (scope.userId) filter.userId = scope.userId;
  if (scope.sessionId) filter.sessionId = scope.sessionId;
  else if (scope.exceptSessionId) filter.sessionId = { $ne: scope.exceptSessionId };
  await SessionModel.deleteMany(filter);
  realtime.endSockets(scope);
}

/** How long a rotated refresh token is still honoured: two tabs refreshing at once keep the session. */
export const REUSE_WINDOW_MS = 30_000;

/**
 * Rotates the session's refresh jti when `presented` is the current one, as one conditional
 * update (serialised in this process, atomic on MongoDB). A refresh that lost that race with the
 * same cookie, within REUSE_WINDOW_MS, is handed the jti the winner set. Anything else is a
 * replay of an older cookie: null, and the caller ends the session.
 */
export async function rotateRefresh(session: SessionDoc, presented: string, expiresAt: Date): Promise<string | null> {
  const next = randomUUID();
  const rotated = await updateDocument(
    SessionModel,
    session.companyId,
    session._id,
    { $set: { currentJti: next, previousJti: presented, rotatedAt: new Date(), expiresAt } },
    { currentJti: presented },
  );
  if (rotated) return next;
  const current = await SessionModel.findOne({ companyId: session.companyId, _id: session._id }).lean<SessionDoc>();
  const recent = current?.rotatedAt && Date.now() - current.rotatedAt.getTime() < REUSE_WINDOW_MS;
  return current && recent && current.previousJti === presented ? current.currentJti : null;
}
