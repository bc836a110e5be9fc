/**
 * The state of a back-office list screen: a searchable, paged list (infinite scroll) kept by a
 * realtime channel, and the deletion of its records with the confirm step.
 */
import { useState } from 'react';
import { useChannel } from '../app/realtime.js';
import { useInfiniteScroll } from './Page.js';
import { useErrorToast } from './toast.js';
import { useDeletion } from './useDeletion.js';
import { usePagedList, type LoadedPage, type PageQuery } from './usePagedList.js';

/** What a realtime event does to the list: a record put in its place, one dropped, or nothing. */
export type LiveChange<T> = { put: T } | { drop: string } | null;

export interface LiveListOptions<T, E> {
  fetchPage(query: PageQuery): Promise<LoadedPage<T>>;
  channel: string;
  onEvent(event: E): LiveChange<T>;
  /** The delete call, and the toast once done. */
  remove(id: string): Promise<unknown>;
  deletedText: string;
  order?: (a: T, b: T) => number;
}

export function useLiveList<T extends { id: string }, E extends { action: string }>(options: LiveListOptions<T, E>) {
  const showError = useErrorToast();
  const [search, setSearch] = useState('');
  const list = usePagedList<T>(options.fetchPage, search, showError, options.order);
  const scroll = useInfiniteScroll<HTMLDivElement>(list);

  useChannel<E>(options.channel, (event) => {
    const change = options.onEvent(event);
    if (change && 'put' in change) list.upsert(change.put);
    else if (change) list.remove(change.drop);
  });

  const deletion = useDeletion<T>(options.remove, list.remove, options.deletedText);
  return { search, setSearch, list, scroll, deletion };
}
