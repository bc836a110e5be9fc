/**
 * The inbox's link to one server: the typed API client over a session store (the shared session
 * file in the program, memory in tests), and who to tell when the server ends the session.
 */
import { createApiClient, type ApiClient, type ApiError, type SessionStore } from '@atende/shared/client';

export interface Connection {
  /** Server origin, e.g. `http://127.0.0.1:8080`. */
  server: string;
  api: ApiClient;
  /** The server ended the session (refresh refused or 401, with its answer); answers the unsubscribe. */
  onSessionEnd(listener: (reason: ApiError) => void): () => void;
}

export function connect(server: string, session: SessionStore): Connection {
  const listeners = new Set<(reason: ApiError) => void>();
  const api = createApiClient({ baseUrl: server, session, onLogout: (reason) => listeners.forEach((listener) => listener(reason)) });
  return {
    server,
    api,
    onSessionEnd(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The session id inside an access token (its `sid` claim), read without verifying it. */
export function sessionIdOf(token: string | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid?: unknown };
    return typeof claims.sid === 'string' ? claims.sid : null;
  } catch {
    return null;
  }
}
