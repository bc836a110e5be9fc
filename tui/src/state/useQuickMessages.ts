/**
 * The composer's quick answers (the active ones the agent sees: own, shared, viewable), read again
 * when one is created, changed, shared or deleted anywhere (the quickmessage channel) and after a
 * reconnection. The server's list decides what the agent may see; the events only say when to ask.
 */
import type { QuickMessage } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { useEffect, useRef, useState } from 'react';
import { useFeedEvent, type Feed } from './useFeed.js';

export function useQuickMessages(api: ApiClient, feed: Feed, onError: (error: unknown) => void): QuickMessage[] {
  const [quickMessages, setQuickMessages] = useState<QuickMessage[]>([]);
  const [changes, setChanges] = useState(0);
  // Only the newest answer counts: a slow read must not replace a newer one.
  const asked = useRef(0);
  useFeedEvent(feed, 'quickmessage', () => setChanges((count) => count + 1));
  useEffect(() => {
    const ask = ++asked.current;
    api.quickMessages.list().then((list) => {
      if (ask === asked.current) setQuickMessages(list);
    }, onError);
  }, [api, feed.generation, changes, onError]);
  return quickMessages;
}
