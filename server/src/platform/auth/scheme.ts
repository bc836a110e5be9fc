/**
 * The bearer scheme: a missing or invalid token answers 401, an expired one 403
 * ERR_SESSION_EXPIRED (the clients refresh on 403 and log out on 401). A token whose session was
 * ended (logout, user or company removed, company closed) is refused at once, not at expiry.
 */
import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import { AppError } from '../errors.js';
import type { AuthCredentials } from './credentials.js';
import { verifyAccessToken, type TokenSettings } from './tokens.js';

export type SessionCheck = (credentials: AuthCredentials) => Promise<boolean>;

export function registerBearerScheme(server: Server, settings: TokenSettings, sessionAlive: SessionCheck): void {
  server.auth.scheme('atende-bearer', () => ({
    async authenticate(request, h) {
      const header = String(request.headers.authorization ?? '');
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw Boom.unauthorized(null, 'Bearer');
      const check = verifyAccessToken(settings, match[1]);
      if (!check.ok) throw check.expired ? new AppError('ERR_SESSION_EXPIRED') : new AppError('ERR_UNAUTHENTICATED');
      if (!(await sessionAlive(check.credentials))) throw new AppError('ERR_UNAUTHENTICATED');
      return h.authenticated({ credentials: check.credentials });
    },
  }));
  server.auth.strategy('bearer', 'atende-bearer');
  server.auth.default('bearer');
}
