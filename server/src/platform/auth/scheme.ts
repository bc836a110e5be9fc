/**
 * The bearer scheme: a missing or invalid token answers 401, an expired one 403
 * ERR_SESSION_EXPIRED (the clients refresh on 403 and log out on 401).
 */
import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import { AppError } from '../errors.js';
import { verifyAccessToken, type TokenSettings } from './tokens.js';

export function registerBearerScheme(server: Server, settings: TokenSettings): void {
  server.auth.scheme('atende-bearer', () => ({
    authenticate(request, h) {
      const header = String(request.headers.authorization ?? '');
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw Boom.unauthorized(null, 'Bearer');
      const check = verifyAccessToken(settings, match[1]);
      if (!check.ok) throw check.expired ? new AppError('ERR_SESSION_EXPIRED') : new AppError('ERR_UNAUTHENTICATED');
      return h.authenticated({ credentials: check.credentials });
    },
  }));
  server.auth.strategy('bearer', 'atende-bearer');
  server.auth.default('bearer');
}
