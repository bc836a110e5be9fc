/**
 * RealtimePublisher over several nodes: a publish (or endSockets) goes to every node through the
 * bus, this one included, and each node hands it to its own sockets, where the per-user filters
 * run. Every node delivers what the bus brings and nothing else, so each socket gets an event once,
 * and the events of one publisher in the order it published them.
 */
import type { Channel, RealtimePayload, RealtimePublisher, SocketScope } from '../realtime.js';
import type { ClusterBus } from './bus.js';

interface Published {
  companyId: string;
  channel: Channel;
  payload: RealtimePayload;
  internal?: unknown;
}

export function realtimeFanout(local: RealtimePublisher, bus: ClusterBus): RealtimePublisher {
  bus.listen('realtime.publish', (body) => {
    const { companyId, channel, payload, internal } = body as Published;
    local.publish(companyId, channel, payload, internal ?? undefined);
  });
  bus.listen('realtime.endSockets', (body) => local.endSockets(body as SocketScope));
  return {
    publish(companyId, channel, payload, internal) {
      bus.broadcast('realtime.publish', { companyId, channel, payload, ...(internal === undefined ? {} : { internal }) } satisfies Published);
    },
    endSockets(scope) {
      bus.broadcast('realtime.endSockets', scope);
    },
  };
}
