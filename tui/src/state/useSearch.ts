/**
 * The search tab (document 1 section 2): the text is sent 500 ms after the agent stops typing,
 * within the queue filter; an empty text clears the results.
 */
import type { Ticket } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 500;

export interface SearchResults {
  searched: string;
  tickets: Ticket[];
}

export function useSearch(api: ApiClient, text: string, queueIds: string[], showAll: boolean, onError: (error: unknown) => void): SearchResults {
  const [results, setResults] = useState<SearchResults>({ searched: '', tickets: [] });
  const latestError = useRef(onError);
  latestError.current = onError;
  const queues = queueIds.join(',');

  useEffect(() => {
    const searchParam = text.trim();
    if (!searchParam) {
      setResults({ searched: '', tickets: [] });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api.tickets
        .list({ searchParam, showAll, queueIds: queues ? queues.split(',') : undefined })
        .then(({ tickets }) => {
          if (current) setResults({ searched: searchParam, tickets });
        })
        .catch((error: unknown) => latestError.current(error));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, text, queues, showAll]);

  return results;
}
