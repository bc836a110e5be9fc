/**
 * A real hapi + nes server for the realtime client: bearer scheme over a token table ("expired"
 * answers 403 ERR_SESSION_EXPIRED, unknown ones 401), company-scoped subscriptions, and
 * `POST /api/auth/refresh_token` handing out the next good token.
 */
import Boom from '@hapi/boom';
import Hapi from '@hapi/hapi';
import Nes from '@hapi/nes';
import { makeUser } from './user.js';

export const USER = makeUser();

export interface NesServer {
  baseUrl: string;
  /** Tokens accepted now; anything else is unknown. */
  good: Set<string>;
  expired: Set<string>;
  refreshCalls: number;
  failRefresh: boolean;
  /** Makes authentication slow, as a database lookup would: the hello is answered late. */
  authDelayMs: number;
  publish(path: string, message: unknown): void;
  /** Drops every socket from the server side, as a restart or a proxy timeout would. */
  dropSockets(): Promise<void>;
  stop(): Promise<void>;
}

export async function startNesServer(): Promise<NesServer> {
  const server = Hapi.server({ host: '127.0.0.1', port: 0 });
  const state: NesServer = {
    baseUrl: '',
    good: new Set(['good-1']),
    expired: new Set(),
    refreshCalls: 0,
    failRefresh: false,
    authDelayMs: 0,
    publish: (path, message) => server.publish(path, message),
    dropSockets: async () => {
      const sockets: Array<{ disconnect(): Promise<void> }> = [];
      server.eachSocket((socket) => {
        sockets.push(socket);
      });
      await Promise.all(sockets.map((socket) => socket.disconnect()));
    },
    stop: () => server.stop({ timeout: 100 }),
  };

  server.auth.scheme('bearer', () => ({
    async authenticate(request, h) {
      if (state.authDelayMs) await new Promise((resolve) => setTimeout(resolve, state.authDelayMs));
      const header = request.headers.authorization;
      const token = typeof header === 'string' ? header.replace(/^Bearer /, '') : '';
      if (state.expired.has(token)) throw Boom.forbidden('ERR_SESSION_EXPIRED');
      if (!state.good.has(token)) throw Boom.unauthorized('ERR_UNAUTHENTICATED');
      return h.authenticated({ credentials: { user: USER, token } });
    },
  }));
  server.auth.strategy('bearer', 'bearer');
  server.auth.default('bearer');

  await server.register({ plugin: Nes, options: { auth: { type: 'direct' }, heartbeat: false } });
  server.subscription('/company/{companyId}/{channel}', {
    filter: async (_path, _message, options) => {
      const credentials = options.credentials as { user?: { companyId?: string } } | undefined;
      const params = options.params as { companyId: string };
      return credentials?.user?.companyId === params.companyId;
    },
  });

  let next = 1;
  server.route({
    method: 'POST',
    path: '/api/auth/refresh_token',
    options: { auth: false },
    handler: (_request, h) => {
      state.refreshCalls += 1;
      if (state.failRefresh) return h.response({ error: 'ERR_REFRESH_TOKEN_INVALID', message: 'Invalid refresh token' }).code(401);
      next += 1;
      const token = `good-${next}`;
      state.good.add(token);
      return { token, user: USER };
    },
  });

  await server.start();
  state.baseUrl = `http://127.0.0.1:${server.info.port}`;
  return state;
}
