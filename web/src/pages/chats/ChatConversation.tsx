/**
 * One internal chat (document 2): its messages, older pages loaded within 600 px of the top, new
 * ones live; Enter sends (Shift+Enter breaks the line), blank text is not sent; opening it and
 * every message arriving while it is on screen mark it read. The owner may edit or delete it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Chat, ChatEvent, ChatMessage } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, IconButton, Spinner } from '../../ui/controls.js';
import { formatShortDateTime } from '../../ui/format.js';
import { useErrorToast } from '../../ui/toast.js';
import { unreadOf } from './chatRules.js';

/** Older messages load when the reader scrolls within this many pixels of the top (document 2 section 9). */
const LOAD_OLDER_PX = 600;

const Pane = styled.section`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
  background: ${({ theme }) => theme.background};
  > header {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 10px 16px;
    background: ${({ theme }) => theme.paper};
    border-bottom: 1px solid ${({ theme }) => theme.border};
  }
  > header div {
    flex: 1;
    min-width: 0;
  }
  > header small {
    display: block;
    color: ${({ theme }) => theme.textSecondary};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Bubble = styled.article<{ $mine: boolean }>`
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: 70%;
  padding: 6px 10px;
  border-radius: 8px;
  background: ${({ theme, $mine }) => ($mine ? theme.bubbleMine : theme.paper)};
  white-space: pre-wrap;
  word-break: break-word;
  footer {
    font-size: 11px;
    color: ${({ theme }) => theme.textSecondary};
    text-align: right;
  }
  strong {
    display: block;
    font-size: 12px;
  }
`;

const Composer = styled.form`
  display: flex;
  gap: 8px;
  padding: 8px 12px;
  border-top: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.paper};
  textarea {
    flex: 1;
    resize: none;
    padding: 9px 10px;
    border: 1px solid ${({ theme }) => theme.border};
    border-radius: 18px;
    background: ${({ theme }) => theme.paper};
    color: inherit;
    font: inherit;
  }
`;

interface ChatConversationProps {
  chat: Chat;
  onEdit(): void;
  onDelete(): void;
  onBack?: () => void;
}

export function ChatConversation({ chat, onEdit, onDelete, onBack }: ChatConversationProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const showError = useErrorToast();
  const scroller = useRef<HTMLDivElement>(null);
  /** Where to keep the reader after the list changes: at the bottom, or as far from it as before. */
  const anchor = useRef<'bottom' | { fromBottom: number }>('bottom');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [text, setText] = useState('');
  const unread = unreadOf(chat, me.id);

  useEffect(() => {
    let active = true;
    setLoading(true);
    api.chats
      .messages(chat.id, { pageNumber })
      .then((page) => {
        if (!active) return;
        setMessages((current) => {
          const known = new Set(page.records.map((message) => message.id));
          // An older page goes on top; pushes that came while the first one was asked for are kept.
          return [...page.records, ...current.filter((message) => !known.has(message.id))];
        });
        setHasMore(page.hasMore);
      })
      .catch((error: unknown) => active && showError(error))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [api, chat.id, pageNumber, showError]);

  // On screen, nothing stays unread.
  useEffect(() => {
    if (unread > 0 && document.visibilityState === 'visible') api.chats.read(chat.id).catch(() => undefined);
  }, [api, chat.id, unread]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const target = anchor.current;
    element.scrollTop = target === 'bottom' ? element.scrollHeight : element.scrollHeight - target.fromBottom;
    anchor.current = 'bottom';
  }, [messages]);

  useChannel<ChatEvent>('chat', (event) => {
    if (event.action !== 'new-message' || event.message.chatId !== chat.id) return;
    const element = scroller.current;
    // Stay where the reader is unless he was at the bottom already.
    if (element && element.scrollHeight - element.scrollTop - element.clientHeight > 80) anchor.current = { fromBottom: element.scrollHeight - element.scrollTop };
    setMessages((current) => (current.some((message) => message.id === event.message.id) ? current : [...current, event.message]));
  });

  const onScroll = () => {
    const element = scroller.current;
    if (!element || loading || !hasMore || element.scrollTop >= LOAD_OLDER_PX) return;
    anchor.current = { fromBottom: element.scrollHeight - element.scrollTop };
    setPageNumber((current) => current + 1);
  };

  const send = async () => {
    const message = text.trim();
    if (!message) return;
    setText('');
    try {
      const sent = await api.chats.send(chat.id, { message });
      setMessages((current) => (current.some((known) => known.id === sent.id) ? current : [...current, sent]));
    } catch (error) {
      setText(message);
      showError(error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  const owner = chat.ownerId === me.id;
  const members = chat.users.map((member) => (member.userId === me.id ? t('web.chats.you') : (member.user?.name ?? ''))).join(', ');
  return (
    <Pane data-chat-conversation={chat.uuid}>
      <header>
        {onBack ? <IconButton icon="chevronLeft" label={t('web.common.close')} onClick={onBack} /> : null}
        <div>
          <strong>{chat.title}</strong>
          <small>{members}</small>
        </div>
        {owner ? (
          <>
            <IconButton icon="edit" label={t('web.common.edit')} onClick={onEdit} />
            <IconButton icon="trash" label={t('web.common.delete')} onClick={onDelete} />
          </>
        ) : null}
      </header>
      <Scroller ref={scroller} onScroll={onScroll} data-chat-messages={chat.id}>
        {loading && pageNumber > 1 ? <Spinner aria-label={t('web.chats.loadingOlder')} /> : null}
        {!loading && messages.length === 0 ? <p>{t('web.chats.noMessages')}</p> : null}
        {messages.map((message) => (
          <Bubble key={message.id} $mine={message.senderId === me.id} data-chat-message={message.id}>
            {message.senderId === me.id ? null : <strong>{message.sender?.name}</strong>}
            {message.message}
            <footer>
              <time dateTime={message.createdAt}>{formatShortDateTime(message.createdAt)}</time>
            </footer>
          </Bubble>
        ))}
      </Scroller>
      <Composer
        aria-label={t('web.chats.send')}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <textarea name="message" rows={1} placeholder={t('web.chats.placeholder')} value={text} onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
        <Button type="submit" disabled={!text.trim()}>
          {t('web.chats.send')}
        </Button>
      </Composer>
    </Pane>
  );
}
