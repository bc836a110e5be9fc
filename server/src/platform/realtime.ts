/**
 * Realtime over @hapi/nes on the API's own listener. Clients subscribe to company-scoped paths
 * `/company/{companyId}/{channel}`; subscribing checks the token's company (super users may
 * watch any company), and each payload reaches only the callers the channel's route would answer
 * (realtimeAccess.ts). Domains publish through `RealtimePublisher`; with several nodes, that is the
 * Redis fan-out over the publisher answered here (cluster/realtimeFanout.ts).
 */
import Nes, { type Nes as NesTypes } from '@hapi/nes';
import type { Server } from '@hapi/hapi';
import { REALTIME_PING_MS } from '@atende/shared';
import { AppError } from './errors.js';
import type { AuthCredentials } from './auth/credentials.js';
import type { ChannelAccess } from './realtimeAccess.js';

export const CHANNELS = [
  'auth',
  'user',
  'company',
  'settings',
  'plan',
  'help',
  'ticket',
  'appMessage',
  'contact',
  'whatsapp',
  'whatsappSession',
  'queue',
  'tag',
  'quickmessage',
  'ticketNote',
  'sandbox',
  'connectionAlert',
  'chat',
  'announcement',
  'payment',
  'campaign',
  'schedule',
  'contactList',
  'contactListItem',
  'flowSimulator',
  'flowbuilder',
  'flowcampaign',
  'file',
  'queueIntegration',
  'prompt',
] as const;
export type Channel = (typeof CHANNELS)[number];

export interface RealtimePayload {
  action: string;
  [key: string]: unknown;
}

/**
 * Decides per socket whether a published payload reaches it (visibility rules per channel), or
 * sends it another payload instead. `internal` is what the publisher gave the filters alone.
 */
export type ChannelFilterAnswer = boolean | { override: RealtimePayload };
export type ChannelFilter = (payload: RealtimePayload, credentials: AuthCredentials, internal: unknown) => ChannelFilterAnswer | Promise<ChannelFilterAnswer>;

/** Sockets of a company, optionally of one user or one session, or all but one session. */
export interface SocketScope {
  companyId: string;
  userId?: string;
  sessionId?: string;
  exceptSessionId?: string;
}

export interface RealtimePublisher {
  /** `internal`: data for the channel's filter, never sent to a client. */
  publish(companyId: string, channel: Channel, payload: RealtimePayload, internal?: unknown): void;
  /** Closes the open sockets in scope (their clients reconnect only with valid credentials). */
  endSockets(scope: SocketScope): void;
}

function inScope(credentials: AuthCredentials | null | undefined, scope: SocketScope): boolean {
  if (!credentials || credentials.companyId !== scope.companyId) return false;
  if (scope.userId && credentials.userId !== scope.userId) return false;
  if (scope.sessionId && credentials.sessionId !== scope.sessionId) return false;
  return !scope.exceptSessionId || credentials.sessionId !== scope.exceptSessionId;
}

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Closes each socket when its access token expires, unless the client gave it a newer token
 * meanwhile (nes reauth), as the shared realtime client does before expiry.
 */
type Socket = NesTypes.Socket;

function expiryWatch() {
  const timers = new Map<string, NodeJS.Timeout>();
  const expiryOf = (socket: Socket) => (socket.auth.artifacts as { expiresAt?: number } | null)?.expiresAt;
  function watch(socket: Socket): void {
    const expiresAt = expiryOf(socket);
    if (!expiresAt) return;
    const timer = setTimeout(() => {
      timers.delete(socket.id);
      if ((expiryOf(socket) ?? 0) > Date.now()) watch(socket);
      else void socket.disconnect();
    }, Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now())));
    timer.unref();
    timers.set(socket.id, timer);
  }
  return {
    watch,
    forget(socket: Socket): void {
      clearTimeout(timers.get(socket.id));
      timers.delete(socket.id);
    },
  };
}

const filters = new Map<Channel, ChannelFilter>([
  // "Account opened elsewhere": only the same user's other sessions of the same kind hear of a new
  // login (a CLI sign-in does not end a console, see SESSION_CLIENTS).
  ['auth', (payload, credentials) => {
    const user = payload.user as { id?: string } | undefined;
    const sameKind = (payload.client ?? 'console') === (credentials.client ?? 'console');
    return user?.id === credentials.userId && payload.sessionId !== credentials.sessionId && sameKind;
  }],
]);

/** Sets the channel's filter; answers a function that puts the one before back (for tests). */
export function setChannelFilter(channel: Channel, filter: ChannelFilter): () => void {
  const before = filters.get(channel);
  filters.set(channel, filter);
  return () => (before ? filters.set(channel, before) : filters.delete(channel));
}

/** What a domain hears of sockets (presence): opened and closed sockets, and the clients' messages. */
export interface SocketHooks {
  opened(credentials: AuthCredentials): void;
  closed(credentials: AuthCredentials): void;
  message(credentials: AuthCredentials, message: unknown): Promise<unknown>;
}

let socketHooks: SocketHooks | null = null;

export function setSocketHooks(hooks: SocketHooks): void {
  socketHooks = hooks;
}

const credentialsOf = (socket: NesTypes.Socket) => socket.auth.credentials as unknown as AuthCredentials | null;

export function companyPath(companyId: string, channel: Channel): string {
  return `/company/${companyId}/${channel}`;
}

/** `access`: who may hear each channel (channelAccess in realtimeAccess.ts). */
export async function registerRealtime(server: Server, access: ChannelAccess): Promise<RealtimePublisher> {
  const expiry = expiryWatch();
  // nes needs timeout < interval; the spec's 18 s ping is the interval. Each heartbeat answer
  // re-verifies the socket's credentials (the bearer scheme's verify) at most that often.
  await server.register({
    plugin: Nes,
    options: {
      auth: { type: 'direct', minAuthVerifyInterval: REALTIME_PING_MS },
      heartbeat: { interval: REALTIME_PING_MS, timeout: REALTIME_PING_MS - 1_000 },
      onConnection: (socket: Socket) => {
        expiry.watch(socket);
        const credentials = credentialsOf(socket);
        if (credentials) socketHooks?.opened(credentials);
      },
      onDisconnection: (socket: Socket) => {
        expiry.forget(socket);
        const credentials = credentialsOf(socket);
        if (credentials) socketHooks?.closed(credentials);
      },
      // The one message a client sends: the seed's `userStatus` heartbeat (presence).
      onMessage: async (socket: Socket, message: unknown) => {
        const credentials = credentialsOf(socket);
        if (!credentials || !socketHooks) return null;
        return socketHooks.message(credentials, message);
      },
    },
  });
  // nes would run API calls sent over the socket with the credentials it was opened with,
  // around the bearer scheme: the socket carries subscriptions only, API calls go over HTTP.
  server.ext('onRequest', (request, h) => {
    if ((request.plugins as { nes?: { socket?: unknown } }).nes?.socket) throw new AppError('ERR_NO_PERMISSION');
    return h.continue;
  });
  for (const channel of CHANNELS) {
    server.subscription(`/company/{companyId}/${channel}`, {
      auth: { mode: 'required' },
      onSubscribe(socket, _path, params) {
        const credentials = socket.auth.credentials as unknown as AuthCredentials | undefined;
        const companyId = (params as { companyId?: string } | undefined)?.companyId;
        if (!credentials || (credentials.companyId !== companyId && !credentials.super)) {
          throw new AppError('ERR_REALTIME_FORBIDDEN');
        }
      },
      async filter(_path, message, options) {
        const filter = filters.get(channel);
        const credentials = options.credentials as unknown as AuthCredentials | undefined;
        const companyId = (options.params as { companyId?: string } | undefined)?.companyId;
        // Checked on every message too: a socket re-authenticated as someone else keeps its subscriptions.
        if (!credentials || !companyId || (credentials.companyId !== companyId && !credentials.super)) return false;
        // What the channel's route would refuse the caller never reaches the socket.
        if (!(await access.allows(channel, credentials, companyId))) return false;
        return filter ? filter(message as RealtimePayload, credentials, options.internal) : true;
      },
    });
  }
  return {
    publish(companyId, channel, payload, internal) {
      server.publish(companyPath(companyId, channel), payload, internal === undefined ? undefined : { internal });
    },
    endSockets(scope) {
      server.eachSocket((socket) => {
        if (inScope(socket.auth.credentials as unknown as AuthCredentials | null, scope)) void socket.disconnect();
      });
    },
  };
}
