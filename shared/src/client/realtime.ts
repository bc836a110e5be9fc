/**
 * Realtime client over @hapi/nes (document 1 sections 4 and 7): company-scoped subscriptions
 * `/company/{companyId}/{channel}` with `{ action, ... }` payloads, bearer auth at connect, nes's
 * own reconnection (subscriptions are re-sent in its hello), one token refresh when the server
 * refuses the socket's credentials, and a fresh token handed to the open socket before its token
 * expires (the server closes a socket whose token expired).
 */
import Nes from '@hapi/nes/lib/client.js';
import type { NesError, NesSubHandler } from '@hapi/nes/lib/client.js';
import { USER_STATUS_HEARTBEAT_MS } from '../domain/constants.js';
import type { AuthAnswer } from '../domain/entities.js';
import type { Session, SessionStore } from './session.js';

export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface RealtimeEvent {
  action: string;
  [field: string]: unknown;
}

/** Payload of the `auth` channel when the same user signs in somewhere else. */
export interface AccountOpenedElsewhere extends RealtimeEvent {
  action: 'update';
  user: { id: string };
  sessionId?: string;
}

/** A browser WebSocket or the `ws` package: nes needs the constructor and its readyState constants. */
export type WebSocketConstructor = (new (url: string) => object) & {
  readonly CONNECTING: number;
  readonly OPEN: number;
  readonly CLOSING: number;
  readonly CLOSED: number;
};

/** What the realtime client needs of the API client: the session, and a way to renew it. */
export interface RealtimeApi {
  session: SessionStore;
  auth: { refresh(): Promise<AuthAnswer> };
}

export interface RealtimeOptions {
  /** Server origin, as for the API client; ws(s):// is derived from it. */
  baseUrl: string;
  api: RealtimeApi;
  /**
   * Needed only where there is no global WebSocket and `ws` should not be loaded by itself.
   * nes keeps it as a process-wide setting, so the last one given wins.
   */
  WebSocket?: WebSocketConstructor;
  /** The `auth` channel announced a sign-in of this user elsewhere; the app clears storage and reloads. */
  onAccountOpenedElsewhere?: (event: AccountOpenedElsewhere) => void;
  /** Errors that belong to no call: failed reconnection attempts, a reconnection given up. */
  onError?: (error: Error) => void;
  /** nes reconnection back-off: delay grows by `delay` per attempt up to `maxDelay` (ms). */
  reconnect?: { delay?: number; maxDelay?: number };
  /** The `userStatus` heartbeat sent while connected, keeping the user online (default USER_STATUS_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

export type Unsubscribe = () => Promise<void>;

/** The socket gets its new token this long before the old one expires (less for short tokens). */
const RENEW_MARGIN_MS = 60_000;

export interface RealtimeClient {
  readonly status: RealtimeStatus;
  /**
   * Opens the socket; rejects (and stays disconnected) when it cannot, even after one refresh.
   * While connecting, connected or reconnecting it only waits for what is under way.
   */
  connect(): Promise<void>;
  /** Subscribes to this company's channel; before connect() it is queued and sent on connect. */
  subscribe<T extends RealtimeEvent = RealtimeEvent>(channel: string, handler: (event: T) => void): Promise<Unsubscribe>;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  disconnect(): Promise<void>;
}

/**
 * One client per signed-in user: channel paths take the company at subscribe time, so create a
 * new client when the user or company changes (document 1 section 4).
 */
export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  const { api } = options;
  const client = new Nes.Client(socketUrl(options.baseUrl));
  const listeners = new Set<(status: RealtimeStatus) => void>();
  let status: RealtimeStatus = 'disconnected';
  /** connect() was asked for and disconnect() was not: a refused reconnection is worth recovering. */
  let wanted = false;
  let pending: Promise<void> | null = null;
  let watchingAccount = false;
  let renewal: ReturnType<typeof setTimeout> | null = null;
  /** The token the open socket was given last. */
  let socketToken: string | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  /** The seed's userStatus: said at once on every connection, then every interval while it lasts. */
  function startHeartbeat(): void {
    stopHeartbeat();
    const say = () => void client.message({ type: 'userStatus' }).catch((error: unknown) => options.onError?.(asError(error)));
    say();
    heartbeat = setInterval(say, options.heartbeatMs ?? USER_STATUS_HEARTBEAT_MS);
  }

  function stopHeartbeat(): void {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  }

  function setStatus(next: RealtimeStatus): void {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener(next);
  }

  function signedIn(): Session {
    const session = api.session.get();
    if (!session) throw new Error('Realtime needs a signed-in session');
    return session;
  }

  async function connectWithFreshToken(): Promise<void> {
    await api.auth.refresh();
    if (!wanted) return;
    await client.connect({ auth: bearer(signedIn().token), ...options.reconnect });
  }

  async function open(): Promise<void> {
    await useWebSocket(options.WebSocket);
    if (options.onAccountOpenedElsewhere) await watchAccount(options.onAccountOpenedElsewhere);
    try {
      await client.connect({ auth: bearer(signedIn().token), ...options.reconnect });
    } catch (error) {
      if (!isCredentialsRefused(error)) throw error;
      await connectWithFreshToken();
    }
  }

  /** nes gives up reconnecting when its hello is refused (token expired while away). */
  async function recover(): Promise<void> {
    try {
      await connectWithFreshToken();
    } catch (error) {
      wanted = false;
      setStatus('disconnected');
      options.onError?.(asError(error));
    }
  }

  async function watchAccount(notify: (event: AccountOpenedElsewhere) => void): Promise<void> {
    if (watchingAccount) return;
    // Before the socket opens: nes queues it and sends it in the hello.
    await subscribeNow('auth', (event) => {
      if (isAccountOpenedElsewhere(event) && event.user.id === api.session.get()?.user.id) notify(event);
    });
    watchingAccount = true;
  }

  /**
   * Resolves once a connection under way is up or given up. nes sends a subscription as soon as
   * the socket is open, but the server refuses it ("Connection is not initialized") until it has
   * answered the hello, and nes then forgets it; queued ones ride in the hello instead.
   */
  function settled(): Promise<void> {
    if (status !== 'connecting' && status !== 'reconnecting') return Promise.resolve();
    return new Promise((resolve) => {
      const stop = onStatus((next) => {
        if (next === 'connecting' || next === 'reconnecting') return;
        stop();
        resolve();
      });
    });
  }

  function stopRenewal(): void {
    if (renewal) clearTimeout(renewal);
    renewal = null;
  }

  function renewBeforeExpiry(token: string | undefined): void {
    stopRenewal();
    socketToken = token ?? null;
    const expiresAt = token ? expiryOf(token) : null;
    if (!expiresAt) return;
    const left = expiresAt - Date.now();
    renewal = setTimeout(() => void renew(), Math.max(0, left - Math.min(RENEW_MARGIN_MS, left / 4)));
  }

  /** The API client's token when it is newer than the socket's, else a refreshed one, given to the socket (nes reauth). */
  async function renew(): Promise<void> {
    renewal = null;
    if (!wanted || status !== 'connected') return;
    try {
      let token = api.session.get()?.token;
      if (!token || (expiryOf(token) ?? 0) <= (socketToken ? (expiryOf(socketToken) ?? 0) : 0)) {
        await api.auth.refresh();
        token = signedIn().token;
      }
      await client.reauthenticate(bearer(token));
      renewBeforeExpiry(token);
    } catch (error) {
      // The server closes the socket at expiry; reconnection (with one refresh) takes over then.
      options.onError?.(asError(error));
    }
  }

  function onStatus(listener: (status: RealtimeStatus) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  async function subscribe<T extends RealtimeEvent>(channel: string, handler: (event: T) => void): Promise<Unsubscribe> {
    await settled();
    return subscribeNow(channel, handler);
  }

  async function subscribeNow<T extends RealtimeEvent>(channel: string, handler: (event: T) => void): Promise<Unsubscribe> {
    const path = `/company/${signedIn().user.companyId}/${channel}`;
    // The server publishes `{ action, ... }` on these paths; the handler's type is the caller's promise.
    const listener: NesSubHandler = (message) => handler(message as T);
    await client.subscribe(path, listener);
    return () => client.unsubscribe(path, listener);
  }

  client.onConnect = () => {
    setStatus('connected');
    renewBeforeExpiry(api.session.get()?.token);
    startHeartbeat();
  };
  client.onDisconnect = (willReconnect) => {
    stopRenewal();
    stopHeartbeat();
    // Without reconnection the cause (refused hello, disconnect()) sets the status itself.
    if (!willReconnect) return;
    setStatus('reconnecting');
    // nes would reuse the token of the first connect; the API client may have refreshed since.
    const token = api.session.get()?.token;
    if (token) client.overrideReconnectionAuth(bearer(token));
  };
  client.onError = (error: NesError) => {
    if (wanted && isCredentialsRefused(error)) {
      setStatus('reconnecting');
      // Shared with connect(), so a connect() meanwhile waits instead of racing it.
      pending = recover().finally(() => {
        pending = null;
      });
    } else {
      options.onError?.(error);
    }
  };

  return {
    get status() {
      return status;
    },
    connect() {
      if (wanted) return pending ?? Promise.resolve();
      wanted = true;
      pending = (async () => {
        setStatus('connecting');
        try {
          await open();
        } catch (error) {
          // Stop nes from retrying in the background: a rejected connect() means disconnected.
          wanted = false;
          await client.disconnect();
          setStatus('disconnected');
          throw error;
        }
      })().finally(() => {
        pending = null;
      });
      return pending;
    },
    subscribe,
    onStatus,
    async disconnect() {
      wanted = false;
      stopRenewal();
      await client.disconnect();
      setStatus('disconnected');
    },
  };
}

function bearer(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

/**
 * nes answers every refusal of its hello credentials with 401 and the auth route's message: the
 * 403 of an expired token does not survive, so any credentials refusal is worth one refresh.
 */
function isCredentialsRefused(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const nes = error as Partial<NesError>;
  return nes.isNes === true && nes.type === 'server' && nes.statusCode === 401 && !nes.path;
}

function isAccountOpenedElsewhere(event: RealtimeEvent): event is AccountOpenedElsewhere {
  const user = event.user;
  return event.action === 'update' && typeof user === 'object' && user !== null && 'id' in user;
}

/** When a JWT expires (epoch ms, from its unverified `exp`), or null when it cannot be read. */
function expiryOf(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function socketUrl(baseUrl: string): `ws://${string}` | `wss://${string}` {
  // In a browser '' means the page's own origin; Node has no location (and no DOM types here).
  const page = (globalThis as { location?: { href: string } }).location;
  const url = new URL(baseUrl, page?.href);
  return url.protocol === 'https:' ? `wss://${url.host}` : `ws://${url.host}`;
}

/**
 * nes takes its WebSocket from a static set when its module loads: the browser's, or null in
 * Node 20 (no global WebSocket). There `ws` (a dependency of nes) is loaded on first use, so
 * bundles for browsers never execute it.
 */
async function useWebSocket(injected: WebSocketConstructor | undefined): Promise<void> {
  const statics = Nes.Client as unknown as { WebSocket: WebSocketConstructor | null };
  if (injected) statics.WebSocket = injected;
  else statics.WebSocket ??= (await import('ws')).default;
}
