/** Realtime in tests: a user's websocket collecting one channel, and waiting on what arrived. */
import { createApiClient, createRealtimeClient, memorySession, type RealtimeClient, type RealtimeEvent } from '@atende/shared/client';
import type { TestApp } from './app.js';

export interface Listener {
  events: RealtimeEvent[];
  client: RealtimeClient;
}

/** A websocket of that user subscribed to one company channel, collecting what it receives. */
export async function listen(t: TestApp, email: string, password: string, channel: string): Promise<Listener> {
  const api = createApiClient({ baseUrl: t.url, session: memorySession() });
  await api.auth.login({ email, password });
  const client = createRealtimeClient({ baseUrl: t.url, api });
  await client.connect();
  const events: RealtimeEvent[] = [];
  await client.subscribe(channel, (event) => events.push(event));
  return { events, client };
}

/** Resolves with the first collected event matching the predicate. */
export function waitFor<T>(events: T[], predicate: (event: T) => boolean, ms = 4000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const found = events.find(predicate);
      if (found) {
        clearInterval(timer);
        resolve(found);
      } else if (Date.now() - started > ms) {
        clearInterval(timer);
        reject(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events)}`));
      }
    }, 20);
  });
}

/** Lets in-flight pushes arrive before asserting that something did NOT arrive. */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
