/**
 * The inbox's filters (tab, show-all, queues, tags, users, the waiting list's order), kept in the browser per user so that
 * a reload opens the inbox as it was left. A stored queue the user no longer has is dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import { TICKET_LIST_ORDERS, type TicketListOrder } from '@atende/shared';
import { readStorage, writeStorage } from '../../app/storage.js';

export type InboxTab = 'assigned' | 'pending' | 'closed' | 'search';

export interface TicketFilters {
  tab: InboxTab;
  showAll: boolean;
  /** Queues ticked; null: every queue the user may filter by (the default). */
  queueIds: string[] | null;
  tagIds: string[];
  userIds: string[];
  /** The pending tab's order: latest activity first, or who waits longest first. */
  pendingOrder: TicketListOrder;
}

const TABS: readonly InboxTab[] = ['assigned', 'pending', 'closed', 'search'];

const storageKey = (userId: string) => `ticketFilters:${userId}`;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** What was stored, read defensively (an old or hand-edited value falls back to the defaults). */
export function parseFilters(text: string | null, defaults: TicketFilters): TicketFilters {
  if (!text) return defaults;
  try {
    const stored = JSON.parse(text) as Partial<Record<keyof TicketFilters, unknown>>;
    return {
      tab: TABS.includes(stored.tab as InboxTab) ? (stored.tab as InboxTab) : defaults.tab,
      showAll: typeof stored.showAll === 'boolean' ? stored.showAll : defaults.showAll,
      queueIds: stored.queueIds === null ? null : Array.isArray(stored.queueIds) ? strings(stored.queueIds) : defaults.queueIds,
      tagIds: strings(stored.tagIds),
      userIds: strings(stored.userIds),
      pendingOrder: TICKET_LIST_ORDERS.includes(stored.pendingOrder as TicketListOrder) ? (stored.pendingOrder as TicketListOrder) : defaults.pendingOrder,
    };
  } catch {
    return defaults;
  }
}

/** The queues a list asks for: the ticked ones that still exist, else all of them. */
export function effectiveQueueIds(filters: Pick<TicketFilters, 'queueIds'>, available: string[]): string[] {
  if (filters.queueIds === null) return available;
  return filters.queueIds.filter((id) => available.includes(id));
}

export function useTicketFilters(userId: string, admin: boolean) {
  const [filters, setFilters] = useState<TicketFilters>(() =>
    parseFilters(readStorage(storageKey(userId)), { tab: 'assigned', showAll: admin, queueIds: null, tagIds: [], userIds: [], pendingOrder: 'newest' }),
  );
  useEffect(() => writeStorage(storageKey(userId), JSON.stringify(filters)), [userId, filters]);
  const change = useCallback((patch: Partial<TicketFilters>) => setFilters((current) => ({ ...current, ...patch })), []);
  return { filters, change };
}
