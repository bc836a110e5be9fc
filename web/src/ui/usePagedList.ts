/**
 * A paginated list of the API (`{ records, hasMore }` shapes) with a debounced search, the next
 * page on demand (infinite scroll) and the live edits realtime events bring (upsert, remove).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../app/constants.js';
import { useDebounced } from './useDebounced.js';
import { useLatest } from './useLatest.js';

export interface PageQuery {
  searchParam: string;
  pageNumber: number;
}

export interface LoadedPage<T> {
  items: T[];
  hasMore: boolean;
}

export interface PagedList<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  loadMore(): void;
  /** Replaces the item with the same id, or puts a new one first; with `order`, moves it to its place. */
  upsert(item: T): void;
  /** Changes the item with this id as it is now (not as the caller last saw it); none: nothing. */
  update(id: string, change: (item: T) => T): void;
  remove(id: string): void;
}

export function usePagedList<T extends { id: string }>(
  fetchPage: (query: PageQuery) => Promise<LoadedPage<T>>,
  search: string,
  onError: (error: unknown) => void,
  /** The server's order of the list, kept as live items change (tickets: latest activity first). */
  order?: (a: T, b: T) => number,
): PagedList<T> {
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [query, setQuery] = useState<PageQuery>({ searchParam, pageNumber: 1 });
  const [items, setItems] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  /** Answers of an older query arriving late are dropped. */
  const generation = useRef(0);
  const latest = useLatest({ fetchPage, onError });

  // A new search starts over at page 1 (state adjusted while rendering, so no stale page is asked).
  if (query.searchParam !== searchParam) setQuery({ searchParam, pageNumber: 1 });

  useEffect(() => {
    const current = ++generation.current;
    setLoading(true);
    latest.current
      .fetchPage(query)
      .then((page) => {
        if (current !== generation.current) return;
        setItems((previous) => {
          if (query.pageNumber === 1) return page.items;
          const known = new Set(previous.map((item) => item.id));
          return [...previous, ...page.items.filter((item) => !known.has(item.id))];
        });
        setHasMore(page.hasMore);
      })
      .catch((error: unknown) => {
        if (current === generation.current) latest.current.onError(error);
      })
      .finally(() => {
        if (current === generation.current) setLoading(false);
      });
  }, [query, latest]);

  const loadMore = useCallback(() => {
    if (hasMore && !loading) setQuery((current) => ({ ...current, pageNumber: current.pageNumber + 1 }));
  }, [hasMore, loading]);

  const upsert = useCallback((item: T) => {
    setItems((previous) => {
      const index = previous.findIndex((existing) => existing.id === item.id);
      if (order) {
        const others = index < 0 ? previous : previous.filter((existing) => existing.id !== item.id);
        const at = others.findIndex((existing) => order(item, existing) <= 0);
        return at < 0 ? [...others, item] : [...others.slice(0, at), item, ...others.slice(at)];
      }
      if (index < 0) return [item, ...previous];
      const next = [...previous];
      next[index] = item;
      return next;
    });
  }, [order]);

  const update = useCallback((id: string, change: (item: T) => T) => setItems((previous) => previous.map((item) => (item.id === id ? change(item) : item))), []);
  const remove = useCallback((id: string) => setItems((previous) => previous.filter((item) => item.id !== id)), []);

  return { items, hasMore, loading, loadMore, upsert, update, remove };
}
