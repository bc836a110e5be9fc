/**
 * The session-aware core of the API client (document 1 section 4, authentication session):
 * bearer token on every authenticated call; on a 403 ERR_SESSION_EXPIRED the token is refreshed
 * once and the call retried, concurrent calls sharing that one refresh; a failed refresh or a 401
 * clears the session and fires onLogout.
 */
import type { AuthAnswer, SessionClient } from '../domain/entities.js';
import { readRefreshCookie, refreshCookieHeader } from './cookie.js';
import { ApiError } from './errors.js';
import type { SessionStore } from './session.js';
import { createTransport, type Exchange, type Fetch, type HttpMethod, type RequestOptions } from './transport.js';

export interface HttpOptions {
  /** Server origin, e.g. `http://127.0.0.1:8080`; '' in a browser served by the API itself. */
  baseUrl: string;
  session: SessionStore;
  /** Defaults to the global fetch (browsers, Node 20). */
  fetch?: Fetch;
  /** The session was ended by the server (refresh refused or 401, the answer given), not by logout(). */
  onLogout?: (reason: ApiError) => void;
}

export interface Credentials {
  email: string;
  password: string;
  /** The kind of session (see SESSION_CLIENTS): the console's when absent. */
  client?: SessionClient;
}

export interface Http {
  /** Authenticated call to `/api{path}`. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** Call without bearer token (login page, sign-up, health): never refreshes nor logs out. */
  anonymous<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  login(credentials: Credentials): Promise<AuthAnswer>;
  /** Renews the access token; concurrent callers share one in-flight refresh. */
  refresh(): Promise<AuthAnswer>;
  /** Ends the session on the server (revokes the refresh cookie) and here, whatever the answer. */
  logout(): Promise<void>;
}

export function createHttp(options: HttpOptions): Http {
  const { session, onLogout } = options;
  const send = createTransport(options.baseUrl, options.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  let refreshing: Promise<AuthAnswer> | null = null;

  /** Stores the answer of login/refresh; keeps the previous refresh token when none was readable. */
  function begin({ data, headers }: Exchange<AuthAnswer>, previousRefresh?: string): AuthAnswer {
    const refreshToken = readRefreshCookie(headers) ?? previousRefresh;
    session.set({ token: data.token, user: data.user, ...(refreshToken ? { refreshToken } : {}) });
    return data;
  }

  /** Clears the session once, however many calls discover at the same time that it is over. */
  function end(reason: ApiError): void {
    if (!session.get()) return;
    session.set(null);
    onLogout?.(reason);
  }

  /** Node has no cookie jar: the kept refresh token goes where a browser would send the cookie. */
  function withRefreshCookie(path: string, options: RequestOptions): RequestOptions {
    const cookie = refreshCookieHeader(path, session.get()?.refreshToken);
    return 'cookie' in cookie ? { ...options, headers: { ...options.headers, ...cookie } } : options;
  }

  async function renew(): Promise<AuthAnswer> {
    const previousRefresh = session.get()?.refreshToken;
    const path = '/auth/refresh_token';
    try {
      return begin(await send<AuthAnswer>('POST', path, withRefreshCookie(path, {})), previousRefresh);
    } catch (error) {
      // A refused refresh ends the session; an unreachable server does not (the user may be offline).
      if (error instanceof ApiError) end(error);
      throw error;
    }
  }

  function refresh(): Promise<AuthAnswer> {
    refreshing ??= renew().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** A token newer than the one that was refused: another call may have refreshed meanwhile. */
  async function renewedToken(refused: string): Promise<string> {
    const current = session.get()?.token;
    if (current && current !== refused) return current;
    return (await refresh()).token;
  }

  async function attempt<T>(method: HttpMethod, path: string, options: RequestOptions, token: string | undefined): Promise<T> {
    try {
      return (await send<T>(method, path, withRefreshCookie(path, options), token)).data;
    } catch (error) {
      if (token && error instanceof ApiError && error.status === 401) end(error);
      throw error;
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const token = session.get()?.token;
    try {
      return await attempt<T>(method, path, options, token);
    } catch (error) {
      if (!token || !isSessionExpired(error)) throw error;
    }
    return attempt<T>(method, path, options, await renewedToken(token));
  }

  async function anonymous<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    return (await send<T>(method, path, options)).data;
  }

  return {
    request,
    anonymous,
    login: async (credentials) => begin(await send<AuthAnswer>('POST', '/auth/login', { body: credentials })),
    refresh,
    logout: async () => {
      try {
        await request<void>('DELETE', '/auth/logout');
      } finally {
        session.set(null);
      }
    },
  };
}

/** Only an expired access token is worth a refresh; other 403s (no permission, plan) are final. */
function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'ERR_SESSION_EXPIRED';
}
