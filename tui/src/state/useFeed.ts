/**
 * The realtime feed of the signed-in agent: one realtime client per user and company, the ticket,
 * appMessage, whatsappSession, user and quickmessage channels handed to whoever listens, the connection status for the screen, and a
 * generation bumped after each reconnection so that lists reload what they missed meanwhile.
 * A first connection that fails is retried too (the server may be restarting).
 */
import { createRealtimeClient, type AccountOpenedElsewhere, type RealtimeEvent, type RealtimeStatus } from '@atende/shared/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Connection } from './connection.js';

export const FEED_CHANNELS = ['ticket', 'appMessage', 'whatsappSession', 'user', 'quickmessage'] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];
type Handler = (event: RealtimeEvent) => void;

const RETRY_MS = [500, 1_000, 2_000, 5_000];
/** nes's back-off after a lost connection: an agent should not wait long once the server is back. */
const RECONNECT = { delay: 500, maxDelay: 3_000 };

export interface Feed {
  status: RealtimeStatus;
  generation: number;
  on(channel: FeedChannel, handler: Handler): () => void;
}

export interface FeedCallbacks {
  onAccountOpenedElsewhere(event: AccountOpenedElsewhere): void;
  onError(error: unknown): void;
}

export function useFeed(connection: Connection, userKey: string, callbacks: FeedCallbacks): Feed {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [generation, setGeneration] = useState(0);
  const handlers = useRef(new Map<FeedChannel, Set<Handler>>());
  const latest = useRef(callbacks);
  latest.current = callbacks;

  useEffect(() => {
    const client = createRealtimeClient({
      baseUrl: connection.server,
      api: connection.api,
      reconnect: RECONNECT,
      onAccountOpenedElsewhere: (event) => latest.current.onAccountOpenedElsewhere(event),
    });
    let stopped = false;
    let missed = false;
    let attempt = 0;
    let timer: NodeJS.Timeout | undefined;
    const offStatus = client.onStatus((next) => {
      if (next === 'reconnecting') missed = true;
      if (next === 'connected' && missed) {
        missed = false;
        setGeneration((value) => value + 1);
      }
      setStatus(next);
    });
    let opening: Promise<void> = Promise.resolve();
    const open = () => {
      opening = client.connect().then(
        () => {
          attempt = 0;
        },
        () => {
          if (stopped) return;
          missed = true;
          setStatus('reconnecting');
          timer = setTimeout(open, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
          attempt += 1;
        },
      );
    };
    for (const channel of FEED_CHANNELS) {
      client.subscribe(channel, (event) => handlers.current.get(channel)?.forEach((handler) => handler(event))).catch((error: unknown) => latest.current.onError(error));
    }
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      offStatus();
      void client.disconnect();
      // A connection still being opened would outlive this disconnect: close it once it is open.
      void opening.then(() => client.disconnect());
    };
  }, [connection, userKey]);

  const on = useCallback((channel: FeedChannel, handler: Handler) => {
    const set = handlers.current.get(channel) ?? new Set<Handler>();
    handlers.current.set(channel, set);
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }, []);

  return { status, generation, on };
}

/** Listens to a channel of the feed for as long as the component is mounted. */
export function useFeedEvent(feed: Feed, channel: FeedChannel, handler: Handler): void {
  const latest = useRef(handler);
  latest.current = handler;
  const { on } = feed;
  useEffect(() => on(channel, (event) => latest.current(event)), [on, channel]);
}
