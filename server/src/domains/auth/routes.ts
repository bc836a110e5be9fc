import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { loginSchema, type SessionClient } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, payload } from '../../platform/http/routes.js';
import { createAuthService, type Issued } from './service.js';

export const REFRESH_COOKIE = 'jrt';

export const authRoutes: Plugin<AppContext & { prefix: string }> = {
  name: 'auth',
  register(server, context) {
    const auth = createAuthService(context.config, context.realtime, context.attemptLimits);
    const tags = ['api', 'auth'];
    server.state(REFRESH_COOKIE, {
      ttl: context.config.refreshTokenTtlSeconds * 1000,
      isSecure: context.config.cookieSecure,
      isHttpOnly: true,
      isSameSite: 'Lax',
      path: `${context.prefix}/auth`,
      encoding: 'none',
      strictHeader: true,
      ignoreErrors: true,
    });

    const answer = (h: ResponseToolkit, issued: Issued) => {
      const { refreshToken, ...body } = issued;
      return h.response(body).state(REFRESH_COOKIE, refreshToken);
    };
    const cookie = (request: Request): string | undefined => request.state[REFRESH_COOKIE] as string | undefined;

    server.route([
      {
        method: 'POST',
        path: '/auth/login',
        options: { auth: false, tags, description: 'Log in: access token in the body, refresh token in an httpOnly cookie', validate: { payload: loginSchema } },
        handler: async (request, h) => {
          const { email, password, client } = payload<{ email: string; password: string; client?: SessionClient }>(request);
          const issued = await auth.login(email, password, { ip: request.info.remoteAddress, userAgent: request.headers['user-agent'] ? String(request.headers['user-agent']) : null }, client);
          return answer(h, issued);
        },
      },
      {
        method: 'POST',
        path: '/auth/refresh_token',
        options: { auth: false, tags, description: 'New access token from the refresh cookie (rotated on use)' },
        handler: async (request, h) => answer(h, await auth.refresh(cookie(request))),
      },
      {
        method: 'DELETE',
        path: '/auth/logout',
        options: { auth: { mode: 'try' }, tags, description: 'End this session' },
        handler: async (request, h) => {
          await auth.logout(cookie(request), request.auth.isAuthenticated ? actor(request) : null);
          return h.response().code(204).unstate(REFRESH_COOKIE);
        },
      },
      {
        method: 'GET',
        path: '/auth/me',
        options: { tags, description: 'The logged-in user with company, plan and settings' },
        handler: (request) => auth.me(actor(request)),
      },
    ]);
  },
};
