/**
 * How many tickets of the tab the queue filter hides: the first page without the filter, minus
 * what the filter lets through. Asked again when the filters change and, a second after, when
 * tickets change. `more` when that page was not the last (the count is a lower bound).
 */
import { useEffect, useState } from 'react';
import { TICKETS_PAGE_SIZE, type TicketEvent, type TicketStatus } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';

const SETTLE_MS = 1_000;

export function useHiddenCount(status: TicketStatus | null, showAll: boolean, shown: string[], available: string[]): { count: number; more: boolean } {
  const { api } = useApi();
  const [hidden, setHidden] = useState({ count: 0, more: false });
  const [changes, setChanges] = useState(0);
  const narrowed = status !== null && shown.length < available.length;
  const shownKey = shown.join(',');
  const availableKey = available.join(',');

  useChannel<TicketEvent>('ticket', () => setChanges((value) => value + 1), narrowed);

  useEffect(() => {
    if (!narrowed || !status) {
      setHidden({ count: 0, more: false });
      return;
    }
    let active = true;
    const timer = window.setTimeout(() => {
      const visible = new Set(shownKey.split(','));
      api.tickets
        .list({ status, showAll, queueIds: availableKey.split(',') })
        .then((page) => {
          if (!active) return;
          const count = page.tickets.filter((ticket) => ticket.queueId !== null && !visible.has(ticket.queueId)).length;
          setHidden({ count, more: page.hasMore && page.tickets.length >= TICKETS_PAGE_SIZE && count > 0 });
        })
        // A convenience line: a failure leaves it out rather than a toast.
        .catch(() => active && setHidden({ count: 0, more: false }));
    }, changes === 0 ? 0 : SETTLE_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [api, narrowed, status, showAll, shownKey, availableKey, changes]);

  return hidden;
}
