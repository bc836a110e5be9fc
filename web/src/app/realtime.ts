import { useEffect } from 'react';
import { useLatest } from '../ui/useLatest.js';
import { useApi } from './api.js';

/**
 * Listens to one company channel (`ticket`, `user`, `whatsapp`...) while the component is
 * mounted. The subscription follows the realtime client: a new user or company gets a new one,
 * and nes re-sends it after a reconnection. The latest handler is always the one called.
 */
export function useChannel<T extends { action: string }>(channel: string, handler: (event: T) => void, enabled = true): void {
  const { realtime } = useApi();
  const latest = useLatest(handler);

  useEffect(() => {
    if (!realtime || !enabled) return;
    let active = true;
    let unsubscribe: (() => Promise<void>) | null = null;
    realtime
      .subscribe(channel, (event) => {
        // The server publishes `{ action, ... }` on each channel; the payload type is the caller's promise.
        if (active) latest.current(event as unknown as T);
      })
      .then((stop) => {
        if (active) unsubscribe = stop;
        else void stop();
      })
      .catch((error: unknown) => console.warn(`realtime subscription ${channel} failed`, error));
    return () => {
      active = false;
      void unsubscribe?.();
    };
  }, [realtime, channel, enabled, latest]);
}
