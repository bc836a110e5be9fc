/**
 * The left pane of /tickets (document 1 section 2): one row of tabs, Assigned and Pending with
 * their counters, Resolved and Search; a compact toolbar (the search text in the search tab, the
 * new-ticket button, the queue filter, show-all for admins, tag and user filters in the search
 * tab, the order of the pending one). Filters persist across reloads, and a line says how many
 * tickets they hide. Ticked rows get bulk accept and resolve. A waiting customer's conversation is
 * read before it is accepted (the peek, with Accept); admins peek at any ticket.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Queue, Tag, Ticket, TicketListFilter, TicketListOrder, TicketListQuery, User } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button, IconButton, Spinner } from '../../ui/controls.js';
import { SearchInput } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';
import { BulkBar } from './BulkBar.js';
import { Toolbar } from './PaneToolbar.js';
import { CheckMenu } from './CheckMenu.js';
import NewTicketModal from './NewTicketModal.js';
import { TicketList, type ListCount } from './TicketList.js';
import { TicketPeek } from './TicketPeek.js';
import { isAdmin } from './ticketRules.js';
import { useHiddenCount } from './useHiddenCount.js';
import { effectiveQueueIds, useTicketFilters, type InboxTab } from './useTicketFilters.js';
import type { AppliedChange, TicketActions } from './useTicketActions.js';

const Pane = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
  background: ${({ theme }) => theme.paper};
`;

const Tabs = styled.div`
  display: flex;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  min-width: 0;
  button {
    flex: 1 1 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 5px;
    padding: 10px 4px 8px;
    border: none;
    border-bottom: 2px solid transparent;
    background: transparent;
    color: ${({ theme }) => theme.textSecondary};
    font-weight: 600;
    cursor: pointer;
    white-space: nowrap;
  }
  button[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.accent};
    color: ${({ theme }) => theme.accent};
  }
  .count {
    min-width: 18px;
    padding: 0 5px;
    border-radius: 9px;
    font-size: 11px;
    line-height: 17px;
    background: ${({ theme }) => theme.hover};
    color: ${({ theme }) => theme.text};
  }
`;

const HiddenLine = styled.p`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin: 0;
  padding: 4px 10px;
  font-size: 12.5px;
  color: ${({ theme }) => theme.textSecondary};
  background: ${({ theme }) => theme.hover};
  button {
    min-height: 24px;
    padding: 0 6px;
  }
`;

const STATUS_OF: Record<Exclude<InboxTab, 'search'>, 'open' | 'pending' | 'closed'> = { assigned: 'open', pending: 'pending', closed: 'closed' };

const counterText = (count: ListCount | undefined) => (count ? `${count.count}${count.hasMore ? '+' : ''}` : '');

interface TicketsManagerProps {
  selected: string | null;
  onSelect(ticket: Ticket): void;
  actions: TicketActions;
  applied: AppliedChange | null;
}

export function TicketsManager({ selected, onSelect, actions, applied }: TicketsManagerProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const showError = useErrorToast();
  const admin = isAdmin(user);
  const { filters, change } = useTicketFilters(user.id, admin);
  const [search, setSearch] = useState('');
  const [queues, setQueues] = useState<Queue[]>([]);
  const [tags, setTags] = useState<Tag[]>([]);
  const [users, setUsers] = useState<User[]>([]);
  const [creating, setCreating] = useState(false);
  const [peeking, setPeeking] = useState<Ticket | null>(null);
  const [counts, setCounts] = useState<Partial<Record<InboxTab, ListCount>>>({});
  const [checked, setChecked] = useState<ReadonlyMap<string, Ticket>>(new Map());
  /** The lists wait for the queue filter, or they would load once with the user's ids, then again. */
  const [filtersLoaded, setFiltersLoaded] = useState(false);

  // The filters start over only when the user's queues really change, not on every refresh of the user.
  const queueKey = user.queueIds.join(',');
  const latestUser = useLatest(user);
  useEffect(() => {
    let active = true;
    const { queueIds: myQueueIds } = latestUser.current;
    Promise.all([api.queues.list(), api.tags.list(), admin ? api.users.list() : Promise.resolve([])])
      .then(([allQueues, allTags, allUsers]) => {
        if (!active) return;
        // Admins filter by any queue of the company; the others by their own.
        setQueues(admin ? allQueues : allQueues.filter((queue) => myQueueIds.includes(queue.id)));
        setTags(allTags);
        setUsers(allUsers);
        setFiltersLoaded(true);
      })
      .catch((error: unknown) => {
        showError(error);
        if (active) setFiltersLoaded(true);
      });
    return () => {
      active = false;
    };
  }, [api, admin, queueKey, latestUser, showError]);

  const available = queues.map((queue) => queue.id);
  const queueIds = effectiveQueueIds(filters, available);
  const { tab, showAll } = filters;
  // A ticket this user just accepted and opened moves to the assigned tab, selected: the list
  // follows it there (once per change: the agent may open the pending tab again afterwards). The
  // address may change a render after the change.
  const followed = useRef<AppliedChange | null>(applied);
  useEffect(() => {
    if (!applied || followed.current === applied || applied.removed || applied.ticket.status !== 'open' || applied.ticket.userId !== user.id) return;
    if (selected !== applied.ticket.uuid && selected !== applied.ticket.id) return;
    followed.current = applied;
    if (tab === 'pending') change({ tab: 'assigned' });
  }, [applied, selected, tab, user.id, change]);
  const status = tab === 'search' ? null : STATUS_OF[tab];
  const hidden = useHiddenCount(status, showAll, queueIds, available);

  const onCheck = useCallback((ticket: Ticket, on: boolean) => {
    setChecked((current) => {
      const next = new Map(current);
      if (on) next.set(ticket.id, ticket);
      else next.delete(ticket.id);
      return next;
    });
  }, []);
  const checkedIds = new Set(checked.keys());
  const clearChecked = () => setChecked(new Map());

  // What every list of the pane does with its rows.
  const rowProps = {
    selected,
    onSelect,
    onAccept: (ticket: Ticket) => void actions.accept(ticket),
    onPeek: admin ? setPeeking : undefined,
    onPreview: setPeeking,
    applied,
    checked: checkedIds,
    onCheck,
  };

  const listFor = (key: Exclude<InboxTab, 'search'>, shown: boolean) => {
    const listStatus = STATUS_OF[key];
    const query: Omit<TicketListQuery, 'pageNumber' | 'searchParam'> = { status: listStatus, showAll, queueIds, ...(key === 'pending' ? { order: filters.pendingOrder } : {}) };
    const liveFilter: TicketListFilter = { status: listStatus, showAll, queueIds };
    return (
      <TicketList
        key={`${key}:${JSON.stringify(query)}`}
        query={query}
        search=""
        liveFilter={liveFilter}
        {...rowProps}
        onCount={(count) => setCounts((current) => ({ ...current, [key]: count }))}
        hidden={!shown}
      />
    );
  };

  const openTabs = tab === 'assigned' || tab === 'pending';
  return (
    <Pane>
      <Tabs role="tablist" aria-label={t('web.inbox.title')}>
        {(['assigned', 'pending', 'closed', 'search'] as const).map((key) => (
          <button
            key={key}
            role="tab"
            aria-selected={tab === key}
            data-tab={key}
            onClick={() => {
              change({ tab: key });
              clearChecked();
            }}
          >
            {t(`web.inbox.tabs.${key}`)}
            {(key === 'assigned' || key === 'pending') && counts[key] ? (
              <span className="count" data-counter={key} aria-label={t('web.inbox.list.counter', { count: counts[key]!.count })}>
                {counterText(counts[key])}
              </span>
            ) : null}
          </button>
        ))}
      </Tabs>
      <Toolbar>
        {tab === 'search' ? (
          <SearchInput placeholder={t('web.inbox.filters.search')} aria-label={t('web.inbox.filters.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        ) : (
          <Button onClick={() => setCreating(true)} data-new-ticket>
            {t('web.inbox.newTicket.open')}
          </Button>
        )}
        <CheckMenu label={t('web.inbox.filters.queues')} options={queues} value={queueIds} onChange={(ids) => change({ queueIds: ids.length === available.length ? null : ids })} />
        {tab === 'pending' ? (
          <select name="pendingOrder" aria-label={t('web.inbox.waiting.order')} title={t('web.inbox.waiting.order')} value={filters.pendingOrder} onChange={(event) => change({ pendingOrder: event.target.value as TicketListOrder })}>
            <option value="newest">{t('web.inbox.waiting.newest')}</option>
            <option value="oldest">{t('web.inbox.waiting.oldest')}</option>
          </select>
        ) : null}
        {tab === 'search' ? <CheckMenu label={t('web.inbox.filters.tags')} options={tags} value={filters.tagIds} onChange={(ids) => change({ tagIds: ids })} /> : null}
        {tab === 'search' && admin ? <CheckMenu label={t('web.inbox.filters.users')} options={users} value={filters.userIds} onChange={(ids) => change({ userIds: ids })} /> : null}
        {admin ? (
          <label title={t('web.inbox.filters.showAllHint')}>
            <input type="checkbox" name="showAll" checked={showAll} onChange={(event) => change({ showAll: event.target.checked })} />
            {t('web.inbox.filters.showAll')}
          </label>
        ) : null}
        {filters.queueIds !== null || filters.tagIds.length > 0 || filters.userIds.length > 0 ? (
          <IconButton icon="close" label={t('web.inbox.filters.clear')} onClick={() => change({ queueIds: null, tagIds: [], userIds: [] })} data-clear-filters />
        ) : null}
      </Toolbar>
      {hidden.count > 0 ? (
        <HiddenLine data-hidden-by-filters={hidden.count}>
          {t('web.inbox.filters.hidden', { count: hidden.count, more: hidden.more ? '+' : '' })}
          <Button $variant="text" onClick={() => change({ queueIds: null })}>
            {t('web.inbox.filters.showHidden')}
          </Button>
        </HiddenLine>
      ) : null}
      {checked.size > 0 ? <BulkBar tickets={[...checked.values()]} actions={actions} onDone={clearChecked} /> : null}
      {!filtersLoaded ? (
        <Spinner />
      ) : openTabs ? (
        <>
          {listFor('assigned', tab === 'assigned')}
          {listFor('pending', tab === 'pending')}
        </>
      ) : tab === 'closed' ? (
        listFor('closed', true)
      ) : (
        <TicketList
          key={JSON.stringify({ showAll, queueIds, tags: filters.tagIds, users: filters.userIds })}
          query={{ showAll, queueIds, tags: filters.tagIds, users: filters.userIds }}
          search={search}
          liveFilter={null}
          {...rowProps}
        />
      )}
      {creating ? <NewTicketModal onClose={() => setCreating(false)} /> : null}
      {peeking ? (
        <TicketPeek
          ticket={peeking}
          onClose={() => setPeeking(null)}
          onAccept={(ticket) => {
            setPeeking(null);
            void actions.accept(ticket);
          }}
        />
      ) : null}
    </Pane>
  );
}
