/**
 * /chats and /chats/{uuid} (document 2 section 2): the internal chat. Wide, the chat list beside
 * the conversation; narrow (under 600 px), two tabs, chats and messages. Lists update live.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Chat, ChatEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Badge, Button } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { formatShortDateTime } from '../../ui/format.js';
import { SearchInput, useInfiniteScroll } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useDeletion } from '../../ui/useDeletion.js';
import { useMediaQuery } from '../../ui/useMediaQuery.js';
import { usePagedList, type PageQuery } from '../../ui/usePagedList.js';
import { ChatConversation } from './ChatConversation.js';
import ChatModal from './ChatModal.js';
import { byActivity, chatAfter, chatIdOf, unreadOf } from './chatRules.js';

/** The spec's mobile breakpoint (document 1 section 9). */
const NARROW_QUERY = '(max-width: 599px)';

const Wide = styled.div`
  display: grid;
  grid-template-columns: minmax(260px, 30%) 1fr;
  height: 100%;
  min-height: 0;
  > * {
    min-height: 0;
    border-right: 1px solid ${({ theme }) => theme.border};
  }
`;

const Tabs = styled.nav`
  display: flex;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.paper};
  button {
    flex: 1;
    padding: 10px;
    border: none;
    border-bottom: 2px solid transparent;
    background: transparent;
    color: inherit;
    font-weight: 600;
  }
  button[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.accent};
  }
`;

const ListPane = styled.section`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
  background: ${({ theme }) => theme.paper};
  > header {
    display: flex;
    gap: 8px;
    padding: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.border};
  }
  > header input {
    flex: 1;
    min-width: 0;
  }
  > ul {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Row = styled.button<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  width: 100%;
  padding: 10px 14px;
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  border-left: 3px solid ${({ theme, $selected }) => ($selected ? theme.accent : 'transparent')};
  background: ${({ theme, $selected }) => ($selected ? theme.hover : 'transparent')};
  color: inherit;
  text-align: left;
  cursor: pointer;
  strong {
    display: flex;
    justify-content: space-between;
    gap: 8px;
  }
  > span {
    color: ${({ theme }) => theme.textSecondary};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Placeholder = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  padding: 24px;
  color: ${({ theme }) => theme.textSecondary};
`;

export default function ChatsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const navigate = useNavigate();
  const { id: chatRef } = useParams();
  const narrow = useMediaQuery(NARROW_QUERY);
  const showError = useErrorToast();
  const [search, setSearch] = useState('');
  const [pane, setPane] = useState<'chats' | 'messages'>(chatRef ? 'messages' : 'chats');
  /** undefined: closed; null: a new chat. */
  const [editing, setEditing] = useState<Chat | null | undefined>(undefined);

  const fetchPage = useCallback((query: PageQuery) => api.chats.page(query).then((page) => ({ items: page.records, hasMore: page.hasMore })), [api]);
  const list = usePagedList<Chat>(fetchPage, search, showError, byActivity);
  const scroll = useInfiniteScroll<HTMLUListElement>(list);
  const selected = list.items.find((chat) => chat.uuid === chatRef || chat.id === chatRef) ?? null;

  useChannel<ChatEvent>('chat', (event) => {
    const kept = chatAfter(event, me.id);
    if (kept) list.upsert(kept);
    else {
      list.remove(chatIdOf(event));
      if (chatIdOf(event) === selected?.id) navigate('/chats');
    }
  });

  // A chat opened by its address that is not on the pages loaded (an older one, or a new link).
  const listed = selected !== null;
  const { loading, upsert } = list;
  useEffect(() => {
    if (chatRef && !listed && !loading) api.chats.get(chatRef).then(upsert, showError);
  }, [api, chatRef, listed, loading, upsert, showError]);

  const open = (chat: Chat) => {
    setPane('messages');
    navigate(`/chats/${chat.uuid}`);
  };

  const deletion = useDeletion<Chat>(api.chats.remove, (id) => {
    list.remove(id);
    navigate('/chats');
  }, t('web.chats.deleted'));

  const chats = (
    <ListPane aria-label={t('web.chats.title')}>
      <header>
        <SearchInput placeholder={t('web.common.search')} value={search} onChange={(event) => setSearch(event.target.value)} aria-label={t('web.common.search')} />
        <Button onClick={() => setEditing(null)}>{t('web.chats.newChat')}</Button>
      </header>
      <ul {...scroll}>
        {!list.loading && list.items.length === 0 ? <Placeholder as="li">{t('web.chats.empty')}</Placeholder> : null}
        {list.items.map((chat) => {
          const unread = unreadOf(chat, me.id);
          return (
            <li key={chat.id}>
              <Row $selected={chat.id === selected?.id} onClick={() => open(chat)} data-chat={chat.title} data-unread={unread}>
                <strong>
                  {chat.title}
                  {unread > 0 ? <Badge aria-label={t('web.chats.unread', { count: unread })}>{unread}</Badge> : <small>{formatShortDateTime(chat.updatedAt)}</small>}
                </strong>
                <span>{chat.lastMessage}</span>
              </Row>
            </li>
          );
        })}
      </ul>
    </ListPane>
  );
  const conversation = selected ? (
    <ChatConversation key={selected.id} chat={selected} onEdit={() => setEditing(selected)} onDelete={() => deletion.ask(selected)} onBack={narrow ? () => setPane('chats') : undefined} />
  ) : (
    <Placeholder>{t('web.chats.pick')}</Placeholder>
  );

  const dialogs = (
    <>
      {editing !== undefined ? (
        <ChatModal
          chat={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(chat) => {
            list.upsert(chat);
            open(chat);
          }}
        />
      ) : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.chats.deleteTitle', { name: deletion.deleting.title })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.chats.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </>
  );

  if (!narrow) {
    return (
      <Wide data-layout="wide">
        {chats}
        {conversation}
        {dialogs}
      </Wide>
    );
  }
  const shown = selected ? pane : 'chats';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-layout="narrow">
      <Tabs role="tablist">
        {(['chats', 'messages'] as const).map((key) => (
          <button key={key} role="tab" aria-selected={shown === key} disabled={key === 'messages' && !selected} onClick={() => setPane(key)}>
            {t(`web.chats.tabs.${key}`)}
          </button>
        ))}
      </Tabs>
      <div style={{ flex: 1, minHeight: 0 }}>{shown === 'chats' ? chats : conversation}</div>
      {dialogs}
    </div>
  );
}
