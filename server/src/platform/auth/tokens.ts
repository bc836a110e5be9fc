/**
 * Access tokens (short-lived bearer JWT) and refresh tokens (JWT in an httpOnly cookie whose jti
 * must match the session's current one: rotated on every use, so a replayed old token ends the
 * session).
 */
import jwt from 'jsonwebtoken';
import type { Profile, SessionClient } from '@atende/shared';
import type { AuthCredentials } from './credentials.js';

export interface TokenSettings {
  jwtSecret: string;
  jwtRefreshSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

interface AccessClaims {
  sub: string;
  cid: string;
  pro: Profile;
  sup: boolean;
  sid: string;
  /** The session's kind, when not the console's. */
  knd?: SessionClient;
}

interface RefreshClaims {
  sub: string;
  cid: string;
  sid: string;
  jti: string;
}

/** A valid token's claims and when it expires (epoch ms). */
export type AccessCheck = { ok: true; credentials: AuthCredentials; expiresAt: number } | { ok: false; expired: boolean };

export function signAccessToken(settings: TokenSettings, credentials: AuthCredentials): string {
  const claims: AccessClaims = {
    sub: credentials.userId,
    cid: credentials.companyId,
    pro: credentials.profile,
    sup: credentials.super,
    sid: credentials.sessionId,
    ...(credentials.client && credentials.client !== 'console' ? { knd: credentials.client } : {}),
  };
  return jwt.sign(claims, settings.jwtSecret, { expiresIn: settings.accessTokenTtlSeconds, algorithm: 'HS256' });
}

export function verifyAccessToken(settings: TokenSettings, token: string): AccessCheck {
  try {
    const claims = jwt.verify(token, settings.jwtSecret, { algorithms: ['HS256'] }) as AccessClaims & { exp: number };
    return {
      ok: true,
      credentials: { userId: claims.sub, companyId: claims.cid, profile: claims.pro, super: claims.sup, sessionId: claims.sid, ...(claims.knd ? { client: claims.knd } : {}) },
      expiresAt: claims.exp * 1000,
    };
  } catch (err) {
    return { ok: false, expired: err instanceof jwt.TokenExpiredError };
  }
}

/** A refresh token for the session's jti (the session document keeps the current one). */
export function signRefreshToken(settings: TokenSettings, userId: string, companyId: string, sessionId: string, jti: string): string {
  const claims: RefreshClaims = { sub: userId, cid: companyId, sid: sessionId, jti };
  return jwt.sign(claims, settings.jwtRefreshSecret, { expiresIn: settings.refreshTokenTtlSeconds, algorithm: 'HS256' });
}

export function verifyRefreshToken(settings: TokenSettings, token: string): RefreshClaims | null {
  try {
    return jwt.verify(token, settings.jwtRefreshSecret, { algorithms: ['HS256'] }) as RefreshClaims;
  } catch {
    return null;
  }
}
