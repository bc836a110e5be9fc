/**
 * The left pane of /tickets (document 1 section 2): tabs open (assigned, pending), closed and
 * search; debounced text search, tag and (admins) user filters in the search tab; queue
 * multi-select, show-all switch (admins, on by default), the new-ticket button and (admins) the
 * ticket peek.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Queue, Tag, Ticket, TicketListQuery, User } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button, Spinner } from '../../ui/controls.js';
import { SearchInput } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';
import { CheckMenu } from './CheckMenu.js';
import NewTicketModal from './NewTicketModal.js';
import { TicketList } from './TicketList.js';
import { TicketPeek } from './TicketPeek.js';
import { isAdmin, type ListFilter } from './ticketRules.js';
import type { AppliedChange, TicketActions } from './useTicketActions.js';

type Tab = 'open' | 'closed' | 'search';
type OpenTab = 'open' | 'pending';

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
  button {
    flex: 1;
    padding: 10px 4px;
    border: none;
    border-bottom: 2px solid transparent;
    background: transparent;
    color: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.accent};
    color: ${({ theme }) => theme.accent};
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  padding: 8px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  input[type='search'] {
    flex: 1;
    min-width: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font-size: 13px;
  }
`;

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
  const [tab, setTab] = useState<Tab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('open');
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(admin);
  const [queues, setQueues] = useState<Queue[]>([]);
  const [queueIds, setQueueIds] = useState<string[]>(user.queueIds);
  const [tags, setTags] = useState<Tag[]>([]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [users, setUsers] = useState<User[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [peeking, setPeeking] = useState<Ticket | null>(null);
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
        const mine = admin ? allQueues : allQueues.filter((queue) => myQueueIds.includes(queue.id));
        setQueues(mine);
        setQueueIds(mine.map((queue) => queue.id));
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

  const status = tab === 'search' ? undefined : tab === 'closed' ? 'closed' : openTab;
  const query: Omit<TicketListQuery, 'pageNumber' | 'searchParam'> =
    tab === 'search' ? { showAll, queueIds, tags: tagIds, users: userIds } : { status, showAll, queueIds };
  const liveFilter: ListFilter | null = status ? { status, showAll, queueIds } : null;

  return (
    <Pane>
      <Tabs role="tablist">
        {(['open', 'closed', 'search'] as const).map((key) => (
          <button key={key} role="tab" aria-selected={tab === key} data-tab={key} onClick={() => setTab(key)}>
            {t(`web.inbox.tabs.${key}`)}
          </button>
        ))}
      </Tabs>
      <Toolbar>
        {tab === 'search' ? (
          <SearchInput placeholder={t('web.inbox.filters.search')} aria-label={t('web.inbox.filters.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        ) : (
          <Button onClick={() => setCreating(true)}>{t('web.inbox.newTicket.open')}</Button>
        )}
        {admin ? (
          <label>
            <input type="checkbox" name="showAll" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
            {t('web.inbox.filters.showAll')}
          </label>
        ) : null}
        <CheckMenu label={t('web.inbox.filters.queues')} options={queues} value={queueIds} onChange={setQueueIds} />
        {tab === 'search' ? <CheckMenu label={t('web.inbox.filters.tags')} options={tags} value={tagIds} onChange={setTagIds} /> : null}
        {tab === 'search' && admin ? <CheckMenu label={t('web.inbox.filters.users')} options={users} value={userIds} onChange={setUserIds} /> : null}
      </Toolbar>
      {tab === 'open' ? (
        <Tabs role="tablist">
          {(['open', 'pending'] as const).map((key) => (
            <button key={key} role="tab" aria-selected={openTab === key} data-tab={key === 'open' ? 'assigned' : 'pending'} onClick={() => setOpenTab(key)}>
              {t(`web.inbox.tabs.${key === 'open' ? 'assigned' : 'pending'}`)}
            </button>
          ))}
        </Tabs>
      ) : null}
      {filtersLoaded ? (
        <TicketList
          key={JSON.stringify(query)}
          query={query}
          search={tab === 'search' ? search : ''}
          liveFilter={liveFilter}
          selected={selected}
          onSelect={onSelect}
          onAccept={(ticket) => void actions.accept(ticket)}
          onPeek={admin ? setPeeking : undefined}
          applied={applied}
        />
      ) : (
        <Spinner />
      )}
      {creating ? <NewTicketModal onClose={() => setCreating(false)} /> : null}
      {peeking ? <TicketPeek ticket={peeking} onClose={() => setPeeking(null)} /> : null}
    </Pane>
  );
}
