/**
 * The signed-in user kept current: read again from the server when the inbox starts and after a
 * reconnection (the saved session may be old), and changed live by the `user` channel, so that a
 * new language, queues or profile apply without a new sign-in.
 */
import type { User } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { useEffect, useRef } from 'react';
import { useFeedEvent, type Feed } from './useFeed.js';

export function useSignedInUser(api: ApiClient, feed: Feed, userId: string, onUser: (user: Partial<User> & { id: string }) => void, onError: (error: unknown) => void): void {
  const latest = useRef({ onUser, onError });
  latest.current = { onUser, onError };

  // Again once the feed is connected: a change made before its subscriptions were in place is not missed.
  const connected = feed.status === 'connected';
  useEffect(() => {
    api.auth.me().then(
      (user) => latest.current.onUser(user),
      (error: unknown) => latest.current.onError(error),
    );
  }, [api, feed.generation, connected]);

  useFeedEvent(feed, 'user', (event) => {
    const user = event.user as (Partial<User> & { id?: string }) | undefined;
    if (event.action === 'update' && user?.id === userId) onUser({ ...user, id: userId });
  });
}
