/**
 * The health of the company's WhatsApp connections for the status line: loaded once, again on
 * every status change pushed on `whatsappSession` and after a reconnection of the feed (what
 * changed meanwhile), and every minute for the times shown.
 */
import type { ConnectionHealth } from '@atende/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Connection } from './connection.js';
import { useFeedEvent, type Feed } from './useFeed.js';

const REFRESH_MS = 60_000;

export function useConnectionHealth(connection: Connection, feed: Feed, onError: (error: unknown) => void): ConnectionHealth[] {
  const [rows, setRows] = useState<ConnectionHealth[]>([]);
  const latestError = useRef(onError);
  latestError.current = onError;
  const load = useCallback(() => {
    connection.api.whatsapp.healthAll().then(setRows, (error: unknown) => latestError.current(error));
  }, [connection]);

  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, feed.generation]);
  useFeedEvent(feed, 'whatsappSession', load);
  return rows;
}
