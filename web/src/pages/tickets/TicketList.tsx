/**
 * One list of tickets (a status tab or the search): pages from GET /tickets with infinite scroll,
 * virtualized so that 10k loaded tickets stay smooth, and kept live from the `ticket` and
 * `appMessage` channels. The parent remounts it (key) when a filter other than the text changes.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import styled from 'styled-components';
import { byEarliestActivity, byLatestActivity, isNewerTicket, ticketInList, ticketViewerOf, type MessageEvent, type Ticket, type TicketEvent, type TicketListFilter, type TicketListQuery } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { LOAD_MORE_THRESHOLD_PX } from '../../app/constants.js';
import { useChannel } from '../../app/realtime.js';
import { Spinner } from '../../ui/controls.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { useErrorToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';
import { useMinuteClock } from '../../ui/useMinuteClock.js';
import { usePagedList, type PageQuery } from '../../ui/usePagedList.js';
import { TicketItem, TICKET_ROW_HEIGHT } from './TicketItem.js';
import type { AppliedChange } from './useTicketActions.js';



const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
`;

const Notice = styled.p`
  margin: 24px 12px;
  text-align: center;
  color: ${({ theme }) => theme.textSecondary};
`;

/** Loaded tickets, and whether more pages exist (the tabs' counters). */
export interface ListCount {
  count: number;
  hasMore: boolean;
}

interface TicketListProps {
  query: Omit<TicketListQuery, 'pageNumber' | 'searchParam'>;
  search: string;
  /** Live inserts follow this rule; the search tab only refreshes the tickets it shows. */
  liveFilter: TicketListFilter | null;
  selected: string | null;
  onSelect(ticket: Ticket): void;
  onAccept(ticket: Ticket): void;
  /** Admins only: the eye button of each row opens the read-only peek. */
  onPeek?(ticket: Ticket): void;
  /** A waiting customer's row opens the conversation read only. */
  onPreview(ticket: Ticket): void;
  /** The outcome of this user's own action, which the channel may not bring. */
  applied: AppliedChange | null;
  /** Tickets ticked for a bulk action. */
  checked: ReadonlySet<string>;
  onCheck(ticket: Ticket, checked: boolean): void;
  onCount?(count: ListCount): void;
  /** Kept loaded and live while another tab is shown (its counter stays true). */
  hidden?: boolean;
}

export function TicketList({ query, search, liveFilter, selected, onSelect, onAccept, onPeek, onPreview, applied, checked, onCheck, onCount, hidden = false }: TicketListProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const showError = useErrorToast();
  const scroller = useRef<HTMLDivElement>(null);

  const fetchPage = (page: PageQuery) => api.tickets.list({ ...query, ...page }).then((answer) => ({ items: answer.tickets, hasMore: answer.hasMore }));
  const list = usePagedList<Ticket>(fetchPage, search, showError, query.order === 'oldest' ? byEarliestActivity : byLatestActivity);
  const now = useMinuteClock();

  // The newest copy seen of each ticket, kept after it leaves this list: a late, older push must
  // not bring a resolved ticket back.
  const seen = useRef(new Map<string, Ticket>());
  const place = (ticket: Ticket) => {
    const current = list.items.find((item) => item.id === ticket.id);
    if (!isNewerTicket(ticket, seen.current.get(ticket.id) ?? current)) return;
    seen.current.set(ticket.id, ticket);
    const known = current !== undefined;
    if (liveFilter ? ticketInList(ticket, liveFilter, ticketViewerOf(user)) : known) list.upsert(ticket);
    else if (known) list.remove(ticket.id);
  };

  const latestPlace = useLatest(place);
  const { remove } = list;
  // A change made before this list was mounted is already in its first page.
  const mountedWith = useRef(applied);
  useEffect(() => {
    if (!applied || applied === mountedWith.current) return;
    if (applied.removed) remove(applied.ticket.id);
    else latestPlace.current(applied.ticket);
  }, [applied, remove, latestPlace]);

  useChannel<TicketEvent>('ticket', (event) => {
    if (event.action === 'delete') list.remove(event.ticketId);
    // On the row as it is now: two events may arrive before the list is drawn again, and a copy
    // read from the last drawing would undo the first (a new message's preview lost to a read).
    else if (event.action === 'updateUnread') list.update(event.ticketId, (item) => ({ ...item, unreadMessages: 0 }));
    else if (event.action === 'update') place(event.ticket);
  });

  useChannel<MessageEvent>('appMessage', (event) => {
    if (event.action === 'create') place(event.ticket);
  });

  const count = list.items.length;
  const latestOnCount = useLatest(onCount);
  useEffect(() => {
    if (!list.loading) latestOnCount.current?.({ count, hasMore: list.hasMore });
  }, [count, list.hasMore, list.loading, latestOnCount]);

  const virtualizer = useVirtualizer({
    count: list.items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => TICKET_ROW_HEIGHT,
    overscan: 8,
  });
  // The selected ticket is brought into view when it is picked or its list is shown (an accepted
  // ticket arriving in the assigned tab), not each time new rows push it down.
  const selectedIndex = list.items.findIndex((item) => item.uuid === selected || item.id === selected);
  const shownSelection = useRef<string | null>(null);
  useEffect(() => {
    if (hidden) {
      shownSelection.current = null;
      return;
    }
    if (!selected || selectedIndex < 0 || shownSelection.current === selected) return;
    shownSelection.current = selected;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selected, selectedIndex, hidden, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;
  const { loadMore } = list;
  useEffect(() => {
    // Near the bottom (within 100 px worth of rows): the next page.
    if (lastIndex >= list.items.length - Math.ceil(LOAD_MORE_THRESHOLD_PX / TICKET_ROW_HEIGHT) - 1) loadMore();
  }, [lastIndex, list.items.length, loadMore]);

  return (
    <Scroller ref={scroller} data-ticket-list={query.status ?? 'search'} data-count={list.items.length} hidden={hidden} tabIndex={-1} aria-label={t('web.inbox.list.label')}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const ticket = list.items[row.index]!;
          return (
            <div key={ticket.id} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}>
              <TicketItem
                ticket={ticket}
                selected={selected === ticket.uuid || selected === ticket.id}
                checked={checked.has(ticket.id)}
                selecting={checked.size > 0}
                onCheck={onCheck}
                onSelect={onSelect}
                onAccept={onAccept}
                onPeek={onPeek}
                onPreview={onPreview}
                now={now}
              />
            </div>
          );
        })}
      </div>
      {list.loading ? (
        <Notice>
          <Spinner />
        </Notice>
      ) : list.items.length === 0 ? (
        search ? (
          <Notice>{t('web.inbox.list.empty')}</Notice>
        ) : (
          <EmptyState icon="check" title={t('web.inbox.list.caughtUp')} data-empty="tickets">
            {t(query.status === 'pending' ? 'web.inbox.list.caughtUpPending' : 'web.inbox.list.caughtUpText')}
          </EmptyState>
        )
      ) : null}
    </Scroller>
  );
}
