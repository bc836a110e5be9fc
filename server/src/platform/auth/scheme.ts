/**
 * The bearer scheme: a missing or invalid token answers 401, an expired one 403
 * ERR_SESSION_EXPIRED (the clients refresh on 403 and log out on 401). A token whose session was
 * ended (logout, new password, user or company removed, company closed) is refused at once, not
 * at expiry, and the profile and super flag come from the user as it is now, not from the token:
 * a demoted admin is a user from the next request on.
 *
 * Websockets authenticate once, through this scheme; nes then calls `verify` on their heartbeats,
 * which drops a socket whose token expired, whose session ended or whose user changed profile.
 */
import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import { AppError } from '../errors.js';
import type { AuthCredentials } from './credentials.js';
import { verifyAccessToken, type TokenSettings } from './tokens.js';

/** The credentials as they are now (session alive, user's current profile), or null when over. */
export type SessionCheck = (claims: AuthCredentials) => Promise<AuthCredentials | null>;

/** What the scheme keeps of the token (hapi's request.auth.artifacts, nes's socket.auth.artifacts). */
export interface BearerArtifacts {
  token: string;
  /** Epoch ms: sockets close then unless they were given a newer token (nes reauth). */
  expiresAt: number;
}

export function registerBearerScheme(server: Server, settings: TokenSettings, currentCredentials: SessionCheck): void {
  async function check(token: string): Promise<{ credentials: AuthCredentials; artifacts: BearerArtifacts }> {
    const verified = verifyAccessToken(settings, token);
    if (!verified.ok) throw verified.expired ? new AppError('ERR_SESSION_EXPIRED') : new AppError('ERR_UNAUTHENTICATED');
    const credentials = await currentCredentials(verified.credentials);
    if (!credentials) throw new AppError('ERR_UNAUTHENTICATED');
    return { credentials, artifacts: { token, expiresAt: verified.expiresAt } };
  }

  server.auth.scheme('atende-bearer', () => ({
    async authenticate(request, h) {
      const header = String(request.headers.authorization ?? '');
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw Boom.unauthorized(null, 'Bearer');
      const { credentials, artifacts } = await check(match[1]);
      return h.authenticated({ credentials, artifacts: { ...artifacts } });
    },
    async verify(auth) {
      const token = (auth.artifacts as Partial<BearerArtifacts> | undefined)?.token;
      if (!token) throw new AppError('ERR_UNAUTHENTICATED');
      const { credentials } = await check(token);
      const held = auth.credentials as unknown as AuthCredentials;
      // The socket's rights were fixed when it connected: a change makes it reconnect.
      if (credentials.profile !== held.profile || credentials.super !== held.super) throw new AppError('ERR_UNAUTHENTICATED');
    },
  }));
  server.auth.strategy('bearer', 'atende-bearer');
  server.auth.default('bearer');
}
