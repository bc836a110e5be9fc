/**
 * The connection-token scheme of the external send API (document 3, external messaging API):
 * `Authorization: Bearer <token>` carries a connection's API token, not a user's session. Which
 * connection owns a token is the domain's business, so the resolver is handed in: it answers the
 * connection, null for an unknown token (401), or throws the reason a known token is refused.
 */
import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import { AppError } from '../errors.js';

/** What a request authenticated by a connection token knows (hapi's request.auth.credentials). */
export interface ConnectionCredentials {
  whatsappId: string;
  companyId: string;
}

export type ConnectionResolver = (token: string) => Promise<ConnectionCredentials | null>;

export const CONNECTION_TOKEN_STRATEGY = 'connectionToken';

export function registerConnectionTokenScheme(server: Server, resolve: ConnectionResolver): void {
  server.auth.scheme('atende-connection-token', () => ({
    async authenticate(request, h) {
      const match = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''));
      if (!match?.[1]) throw Boom.unauthorized(null, 'Bearer');
      const credentials = await resolve(match[1]);
      if (!credentials) throw new AppError('ERR_UNAUTHENTICATED');
      return h.authenticated({ credentials: { ...credentials } });
    },
  }));
  server.auth.strategy(CONNECTION_TOKEN_STRATEGY, 'atende-connection-token');
}

export function connectionOf(credentials: unknown): ConnectionCredentials {
  // Our connection-token scheme put ConnectionCredentials there (hapi types it as a generic record).
  return credentials as ConnectionCredentials;
}
