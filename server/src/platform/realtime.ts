/**
 * Realtime over @hapi/nes on the API's own listener. Clients subscribe to company-scoped paths
 * `/company/{companyId}/{channel}`; subscribing checks the token's company (super users may
 * watch any company). Domains publish through `RealtimePublisher`, the one seam a multi-node
 * deployment would replace with a pub/sub fan-out.
 */
import Nes from '@hapi/nes';
import type { Server } from '@hapi/hapi';
import { REALTIME_PING_MS } from '@atende/shared';
import { AppError } from './errors.js';
import type { AuthCredentials } from './auth/credentials.js';

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
] as const;
export type Channel = (typeof CHANNELS)[number];

export interface RealtimePayload {
  action: string;
  [key: string]: unknown;
}

/** Decides per socket whether a published payload reaches it (visibility rules per channel). */
export type ChannelFilter = (payload: RealtimePayload, credentials: AuthCredentials) => boolean | Promise<boolean>;

export interface RealtimePublisher {
  publish(companyId: string, channel: Channel, payload: RealtimePayload): void;
}

const filters = new Map<Channel, ChannelFilter>([
  // "Account opened elsewhere": only the same user's other sessions hear of a new login.
  ['auth', (payload, credentials) => {
    const user = payload.user as { id?: string } | undefined;
    return user?.id === credentials.userId && payload.sessionId !== credentials.sessionId;
  }],
]);

export function setChannelFilter(channel: Channel, filter: ChannelFilter): void {
  filters.set(channel, filter);
}

export function companyPath(companyId: string, channel: Channel): string {
  return `/company/${companyId}/${channel}`;
}

export async function registerRealtime(server: Server): Promise<RealtimePublisher> {
  // nes needs timeout < interval; the spec's 18 s ping is the interval.
  await server.register({ plugin: Nes, options: { auth: { type: 'direct' }, heartbeat: { interval: REALTIME_PING_MS, timeout: REALTIME_PING_MS - 1_000 } } });
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
        if (!filter) return true;
        return credentials ? filter(message as RealtimePayload, credentials) : false;
      },
    });
  }
  return {
    publish(companyId, channel, payload) {
      server.publish(companyPath(companyId, channel), payload);
    },
  };
}
