/**
 * A real HTTP server (node:http, random port) implementing the auth contract the API client
 * relies on: login sets the `jrt` cookie, access tokens expire on demand (403
 * ERR_SESSION_EXPIRED), unknown tokens get 401, refresh rotates the cookie or is told to fail.
 * Other authenticated paths echo what they received.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeUser } from './user.js';

export interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  cookie: string | undefined;
}

export interface FakeApi {
  baseUrl: string;
  received: Received[];
  refreshCalls: number;
  failRefresh: boolean;
  /** Holds refresh answers back, so concurrent calls pile up behind one refresh. */
  refreshDelayMs: number;
  /** Every access token issued so far now answers 403 ERR_SESSION_EXPIRED. */
  expireTokens(): void;
  /** The refresh token the server currently accepts. */
  validRefresh: string | null;
  close(): Promise<void>;
}

export const PASSWORD = 'secret';
export const USER = makeUser();

export async function startFakeApi(): Promise<FakeApi> {
  const live = new Set<string>();
  const expired = new Set<string>();
  let serial = 0;

  const api: FakeApi = {
    baseUrl: '',
    received: [],
    refreshCalls: 0,
    failRefresh: false,
    refreshDelayMs: 0,
    validRefresh: null,
    expireTokens() {
      for (const token of live) expired.add(token);
      live.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function issue(res: ServerResponse): string {
    serial += 1;
    const token = `access-${serial}`;
    live.add(token);
    api.validRefresh = `refresh-${serial}`;
    res.setHeader('set-cookie', `jrt=${api.validRefresh}; HttpOnly; Path=/api/auth; SameSite=Strict`);
    return token;
  }

  async function handle(res: ServerResponse, received: Received): Promise<void> {
    const route = `${received.method} ${received.path}`;
    if (route === 'POST /api/auth/login') {
      const { password } = received.body as { password?: string };
      if (password !== PASSWORD) return send(res, 401, { error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid credentials' });
      return send(res, 200, { token: issue(res), user: USER, dueWarningDays: 3 });
    }
    if (route === 'POST /api/auth/refresh_token') {
      api.refreshCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, api.refreshDelayMs));
      const presented = refreshCookie(received);
      if (api.failRefresh || !presented || presented !== api.validRefresh) {
        return send(res, 401, { error: 'ERR_REFRESH_TOKEN_INVALID', message: 'Invalid refresh token' });
      }
      return send(res, 200, { token: issue(res), user: USER });
    }
    if (route === 'GET /api/health' || route === 'GET /api/plans/list' || route === 'POST /api/companies/cadastro') {
      return send(res, 200, received);
    }

    // Answers late, so its 403 can arrive after another call's refresh has finished.
    if (received.path === '/api/slow') await new Promise((resolve) => setTimeout(resolve, 50));
    const token = received.authorization?.replace(/^Bearer /, '') ?? '';
    if (expired.has(token)) return send(res, 403, { error: 'ERR_SESSION_EXPIRED', message: 'Session expired' });
    if (!live.has(token)) return send(res, 401, { error: 'ERR_UNAUTHENTICATED', message: 'Missing or invalid token' });

    if (route === 'GET /api/auth/me') return send(res, 200, USER);
    if (route === 'DELETE /api/auth/logout') {
      if (refreshCookie(received) === api.validRefresh) api.validRefresh = null;
      res.writeHead(204).end();
      return;
    }
    if (route === 'GET /api/forbidden') return send(res, 403, { error: 'ERR_NO_PERMISSION', message: 'No permission' });
    if (route === 'POST /api/tickets') {
      return send(res, 409, {
        error: 'ERR_OTHER_OPEN_TICKET',
        message: 'There is already an open ticket',
        ticket: { id: 't9', userId: 'u2', queue: { name: 'Sales' } },
      });
    }
    if (route === 'GET /api/plain-error') {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
      return;
    }
    send(res, 200, received);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString();
      const received: Received = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text ? JSON.parse(text) : undefined,
        authorization: req.headers.authorization,
        cookie: req.headers.cookie,
      };
      api.received.push(received);
      handle(res, received).catch((error: unknown) => send(res, 500, { message: String(error) }));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

function refreshCookie(received: Received): string | undefined {
  return /(?:^|;\s*)jrt=([^;]+)/.exec(received.cookie ?? '')?.[1];
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
