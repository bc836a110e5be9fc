/**
 * The API client of a command. Server: --server, else ATENDE_SERVER, else the saved session's.
 * Signed in by ATENDE_TOKEN (a bearer used as is, never saved) or by the CLI's session file
 * (refreshed tokens are written back to it; `atende-inbox` keeps a session of its own). The client module (with the realtime
 * client and nes) is loaded on first use, so that `atende --help` does not pay for it.
 */
import type { User } from '@atende/shared';
import type { ApiClient, ApiError } from '@atende/shared/client';
import { fileSession, readSavedSession, sessionFilePath } from '@atende/shared/node';
import type { Context } from './context.js';
import { UsageError } from './errors.js';

export interface Connection {
  server: string;
  api: ApiClient;
}

/** An http(s) origin without trailing slash, or a usage error. */
export function normaliseServer(ctx: Context, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(ctx.t('errors.badServer', { server: raw }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(ctx.t('errors.badServer', { server: raw }));
  return url.origin;
}

function sessionPath(ctx: Context): string {
  return sessionFilePath(ctx.env);
}

/** The server named by the options, the environment or the saved session, if any. */
export function serverOf(ctx: Context): string | undefined {
  const raw = ctx.serverFlag ?? (ctx.env.ATENDE_SERVER || undefined) ?? readSavedSession(sessionPath(ctx))?.server;
  return raw ? normaliseServer(ctx, raw) : undefined;
}

export function requireServer(ctx: Context): string {
  const server = serverOf(ctx);
  if (!server) throw new UsageError(ctx.t('errors.noServer'));
  return server;
}

/** A refusal made here, shown and exited like the server's (exit 2). */
export async function refusal(code: string, message: string): Promise<ApiError> {
  const { ApiError: Refusal } = await import('@atende/shared/client');
  return Refusal.from(code === 'ERR_UNAUTHENTICATED' ? 401 : 403, { error: code, message });
}

/** A client of the saved session's store, signed in or not (login, logout, health). */
export async function sessionClient(ctx: Context, server = requireServer(ctx)): Promise<Connection> {
  const { createApiClient } = await import('@atende/shared/client');
  return { server, api: createApiClient({ baseUrl: server, session: fileSession(server, sessionPath(ctx)) }) };
}

/** A client signed in as someone else for this run only (memory session, nothing saved). */
export async function signedInAs(server: string, credentials: { email: string; password: string }): Promise<ApiClient> {
  const { createApiClient, memorySession } = await import('@atende/shared/client');
  const api = createApiClient({ baseUrl: server, session: memorySession() });
  await api.auth.login({ ...credentials, client: 'cli' });
  return api;
}

/** A signed-in client; without a session the command is refused as the server would (exit 2). */
export async function connect(ctx: Context): Promise<Connection> {
  const server = requireServer(ctx);
  const token = ctx.env.ATENDE_TOKEN;
  if (token) {
    const { createApiClient, memorySession } = await import('@atende/shared/client');
    const session = memorySession();
    const api = createApiClient({ baseUrl: server, session });
    // The realtime channels are named by the user's company: the user comes with the token.
    const user = await api.request<User>('GET', '/auth/me', { headers: { authorization: `Bearer ${token}` } });
    session.set({ token, user });
    return { server, api };
  }
  const connection = await sessionClient(ctx, server);
  if (!connection.api.session.get()) throw await refusal('ERR_UNAUTHENTICATED', `no session for ${server}`);
  return connection;
}
