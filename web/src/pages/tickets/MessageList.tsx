/**
 * The conversation's messages: the newest page first, older pages when scrolled to the top
 * (scrollTop under 50), kept live from the `appMessage` channel; ack marks, deleted and edited
 * marks, the image viewer, and deleting one's own messages (not in the read-only peek).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { mergeMessage, type Message, type MessageEvent, type Ticket } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { IconButton, Spinner } from '../../ui/controls.js';
import { ConfirmDialog, Dialog } from '../../ui/Dialog.js';
import { formatShortDateTime } from '../../ui/format.js';
import { useErrorToast } from '../../ui/toast.js';
import { MessageBody, QuotedBody } from './MessageBody.js';

/** Older messages load when the list is scrolled this close to its top (document 1 section 9). */
const LOAD_OLDER_PX = 50;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 12px 16px;
  display: flex;
  flex-direction: column;
  gap: 6px;
  background: ${({ theme }) => theme.background};
`;

const Bubble = styled.div<{ $fromMe: boolean }>`
  position: relative;
  align-self: ${({ $fromMe }) => ($fromMe ? 'flex-end' : 'flex-start')};
  max-width: min(75%, 560px);
  padding: 6px 10px 4px;
  border-radius: 8px;
  background: ${({ $fromMe, theme }) => ($fromMe ? theme.bubbleMine : theme.paper)};
  box-shadow: 0 1px 1px rgba(0, 0, 0, 0.12);
  footer {
    display: flex;
    justify-content: flex-end;
    align-items: center;
    gap: 4px;
    font-size: 11px;
    color: ${({ theme }) => theme.textSecondary};
  }
  .delete {
    position: absolute;
    top: -6px;
    right: -30px;
    opacity: 0;
  }
  &:hover .delete {
    opacity: 1;
  }
`;

const Ack = styled.span<{ $read: boolean; $played: boolean }>`
  color: ${({ $read, theme }) => ($read ? theme.accent : 'inherit')};
  font-weight: ${({ $played }) => ($played ? 800 : 400)};
`;

const ACK_MARKS = ['…', '✓', '✓✓', '✓✓', '✓✓', '✓✓'];

function AckMark({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const level = Math.max(0, Math.min(ack, 5));
  return (
    <Ack data-ack={level} $read={level >= 3} $played={level >= 4} title={t(`web.inbox.messages.ack.${Math.min(level, 4)}`)}>
      {ACK_MARKS[level]}
    </Ack>
  );
}


export function MessageList({ ticket, readOnly = false }: { ticket: Ticket; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const scroller = useRef<HTMLDivElement>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  /** Where to keep the view after a render: the bottom, or the same distance from it (older page). */
  const anchor = useRef<{ fromBottom: number } | 'bottom'>('bottom');

  useEffect(() => {
    let active = true;
    setLoading(true);
    api.messages
      .list(ticket.id, pageNumber)
      .then((page) => {
        if (!active) return;
        setMessages((current) => {
          if (pageNumber > 1) return [...page.messages, ...current.filter((known) => !page.messages.some((message) => message.id === known.id))];
          // Pushes that came while the page was asked for: kept, merged with the page's copies.
          const known = new Map(current.filter((message) => message.ticketId === ticket.id).map((message) => [message.id, message]));
          const merged = page.messages.map((message) => mergeMessage(known.get(message.id), message));
          const newest = page.messages.at(-1)?.createdAt ?? '';
          return [...merged, ...[...known.values()].filter((message) => message.createdAt > newest)];
        });
        setHasMore(page.hasMore);
      })
      .catch((error: unknown) => active && showError(error))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [api, ticket.id, pageNumber, showError]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const target = anchor.current;
    element.scrollTop = target === 'bottom' ? element.scrollHeight : element.scrollHeight - target.fromBottom;
    anchor.current = 'bottom';
  }, [messages]);

  useChannel<MessageEvent>('appMessage', (event) => {
    if (event.message.ticketId !== ticket.id) return;
    const element = scroller.current;
    // Stay where the reader is unless he was at the bottom already.
    if (element && element.scrollHeight - element.scrollTop - element.clientHeight > 80) anchor.current = { fromBottom: element.scrollHeight - element.scrollTop };
    setMessages((current) => {
      const index = current.findIndex((message) => message.id === event.message.id);
      if (index < 0) return event.action === 'create' ? [...current, event.message] : current;
      const next = [...current];
      next[index] = mergeMessage(current[index], event.message);
      return next;
    });
  });

  const onScroll = () => {
    const element = scroller.current;
    if (!element || loading || !hasMore || element.scrollTop >= LOAD_OLDER_PX) return;
    anchor.current = { fromBottom: element.scrollHeight - element.scrollTop };
    setPageNumber((current) => current + 1);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const updated = await api.messages.remove(deleting.id);
      setMessages((current) => current.map((message) => (message.id === updated.id ? mergeMessage(message, updated) : message)));
    } catch (error) {
      showError(error);
    }
    setDeleting(null);
  };

  return (
    <Scroller ref={scroller} onScroll={onScroll} data-messages={ticket.id}>
      {loading && pageNumber > 1 ? <Spinner aria-label={t('web.inbox.messages.loadingOlder')} /> : null}
      {messages.map((message) => (
        <Bubble key={message.id} $fromMe={message.fromMe} data-message={message.id} data-from-me={message.fromMe} data-media-type={message.mediaType}>
          {message.quotedMsg ? <QuotedBody quoted={message.quotedMsg} /> : null}
          <MessageBody message={message} onViewImage={setViewing} />
          <footer>
            {message.isEdited ? <em>{t('web.inbox.messages.edited')}</em> : null}
            <time dateTime={message.createdAt}>{formatShortDateTime(message.createdAt)}</time>
            {message.fromMe ? <AckMark ack={message.ack} /> : null}
          </footer>
          {message.fromMe && !message.isDeleted && !readOnly ? (
            <IconButton className="delete" icon="trash" label={t('web.inbox.messages.delete')} onClick={() => setDeleting(message)} />
          ) : null}
        </Bubble>
      ))}
      {viewing ? (
        <Dialog title="" onClose={() => setViewing(null)} width={900}>
          <img src={viewing} alt="" style={{ maxWidth: '100%' }} data-viewer />
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog title={t('web.inbox.messages.deleteTitle')} onConfirm={() => void confirmDelete()} onClose={() => setDeleting(null)}>
          {t('web.inbox.messages.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </Scroller>
  );
}
