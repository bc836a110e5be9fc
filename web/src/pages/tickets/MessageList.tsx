/**
 * The conversation's messages: the newest page first, older pages when scrolled to the top
 * (scrollTop under 50), kept live from the `appMessage` channel and from the outbox's answers;
 * a separator for each day; the view sticks to the bottom while the reader is there (new
 * messages, images that finish loading, however quickly one follows another) until the reader
 * scrolls up, and stays put while he reads older ones. Then the
 * messages still in the outbox, the image viewer, and (not in the read-only peek) what agents do
 * to a message: reply, react, edit, delete, pick messages to forward; a click on a quote brings
 * the original into view.
 */
import { Fragment, lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { editRefusal, mayDeleteMessage, mayRetryMessage, mergeMessage, unsignedText, type Message, type MessageEvent, type Ticket } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Spinner } from '../../ui/controls.js';
import { ConfirmDialog, Dialog } from '../../ui/Dialog.js';
import { formatDay, sameDay } from '../../ui/format.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';
import type { BubbleActions } from './actions/bubbleActions.js';
import { useSeekMessage } from './actions/useSeekMessage.js';
import { MessageBubble, OutboxBubble } from './MessageBubble.js';
import type { Draft, Outbox } from './outbox.js';
import { useOutboxLine } from './useOutbox.js';
import { useReadWhileOpen } from './useReadWhileOpen.js';

const EditDialog = lazy(() => import('./actions/EditDialog.js'));
const ForwardDialog = lazy(() => import('./actions/ForwardDialog.js'));
const SelectionBar = lazy(() => import('./actions/SelectionBar.js'));

/** Older messages load when the list is scrolled this close to its top (document 1 section 9). */
const LOAD_OLDER_PX = 50;
/** Within this distance of the bottom the reader is "at the bottom", and the view follows. */
const STICK_PX = 80;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  background: ${({ theme }) => theme.background};
`;

const Thread = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 12px 16px 12px 48px;
  @media (max-width: 599px) {
    padding: 8px 8px 8px 40px;
  }
`;

const DaySeparator = styled.div`
  align-self: center;
  margin: 10px 0 6px;
  padding: 3px 12px;
  border-radius: 8px;
  font-size: 12px;
  background: ${({ theme }) => theme.paper};
  color: ${({ theme }) => theme.textSecondary};
  box-shadow: 0 1px 1px rgba(0, 0, 0, 0.08);
`;

/** Today, yesterday, or the day in words. */
function useDayLabel() {
  const { t } = useTranslation();
  return (value: string) => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    if (sameDay(value, new Date())) return t('web.inbox.messages.today');
    if (sameDay(value, yesterday)) return t('web.inbox.messages.yesterday');
    return formatDay(value);
  };
}

/** Puts a message in its place (by time), or merges it with the copy already shown. */
function placeMessage(current: Message[], incoming: Message, create: boolean): Message[] {
  const index = current.findIndex((message) => message.id === incoming.id);
  if (index >= 0) {
    const next = [...current];
    next[index] = mergeMessage(current[index], incoming);
    return next;
  }
  if (!create) return current;
  const at = current.findIndex((message) => message.createdAt > incoming.createdAt);
  return at < 0 ? [...current, incoming] : [...current.slice(0, at), incoming, ...current.slice(at)];
}

interface MessageListProps {
  ticket: Ticket;
  readOnly?: boolean;
  /** The composer's outbox: its pending messages are shown last, its answers merged. */
  outbox?: Outbox;
  /** A failed message taken back from the outbox, for the composer. */
  onTakeBack?(draft: Draft): void;
  /** The agent replies to a message (the composer quotes it). */
  onReply?(message: Message): void;
}

export function MessageList({ ticket, readOnly = false, outbox, onTakeBack, onReply }: MessageListProps) {
  const user = useUser();
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const dayLabel = useDayLabel();
  const scroller = useRef<HTMLDivElement>(null);
  const thread = useRef<HTMLDivElement>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [forwarding, setForwarding] = useState(false);
  /** Whether the view follows the bottom; else how far from the bottom it stays (older pages). */
  const stick = useRef(true);
  const fromBottom = useRef(0);
  /** Where the last scroll left the view: a scroll up from there is the reader's. */
  const lastTop = useRef(0);
  const line = useOutboxLine(outbox, ticket.id);

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

  // The outbox's answers: shown even when the realtime push is late or the socket is down.
  useEffect(() => {
    if (line.delivered.length > 0) setMessages((current) => line.delivered.reduce((list, message) => placeMessage(list, message, true), current));
  }, [line.delivered]);

  useChannel<MessageEvent>('appMessage', (event) => {
    if (event.message.ticketId === ticket.id) setMessages((current) => placeMessage(current, event.message, event.action === 'create'));
  });
  const mergePage = useCallback((page: Message[]) => setMessages((current) => page.reduce((list, message) => placeMessage(list, message, true), current)), []);
  useReadWhileOpen(ticket, !readOnly, mergePage, showError);

  const keepPlace = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = stick.current ? element.scrollHeight : element.scrollHeight - element.clientHeight - fromBottom.current;
    lastTop.current = element.scrollTop;
  }, []);

  useLayoutEffect(keepPlace, [messages, line.items, keepPlace]);

  // Images, players and fonts change the thread's height after the render, the header, banners and
  // composer the pane's: keep the same place.
  useEffect(() => {
    const observed = [thread.current, scroller.current].filter((element) => element !== null);
    if (observed.length === 0 || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(keepPlace);
    for (const element of observed) observer.observe(element);
    return () => observer.disconnect();
  }, [keepPlace]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    fromBottom.current = element.scrollHeight - element.clientHeight - element.scrollTop;
    // Only the reader moving up lets go of the bottom: a scroll event that reports content grown
    // below (photos loading one after another) leaves the view following it.
    if (fromBottom.current < STICK_PX) stick.current = true;
    else if (element.scrollTop < lastTop.current) stick.current = false;
    lastTop.current = element.scrollTop;
    if (loading || !hasMore || element.scrollTop >= LOAD_OLDER_PX) return;
    setPageNumber((current) => current + 1);
  };

  const loadOlder = useCallback(() => setPageNumber((current) => current + 1), []);
  const release = useCallback(() => {
    stick.current = false;
  }, []);
  const onMissing = useCallback(() => toast.info(t('web.messageActions.originalMissing')), [toast, t]);
  const { seek, highlighted } = useSeekMessage(thread, { messages, loading, hasMore, loadOlder, release, onMissing });

  // Stable handlers (the bubbles are memoised), reading the latest props and state.
  const latest = useLatest({ api, onReply, onTakeBack, showError, user, toast, t });
  const actions = useMemo<BubbleActions>(
    () => ({
      reply: (message) => latest.current.onReply?.(message),
      react: (message, emoji) => {
        latest.current.api.messages.react(message.id, emoji).then((updated) => setMessages((current) => placeMessage(current, updated, false)), latest.current.showError);
      },
      edit: setEditing,
      remove: setDeleting,
      toggleSelect: (message) =>
        setSelected((current) => {
          const next = new Set(current);
          if (!next.delete(message.id)) next.add(message.id);
          return next;
        }),
      retry: (message) => {
        const { api, showError, toast, t } = latest.current;
        api.messages.retry(message.id).then((updated) => {
          setMessages((current) => placeMessage(current, updated, false));
          toast.info(t('web.inbox.sendFailed.retried'));
        }, showError);
      },
      takeBack: (message) => {
        const { api, onTakeBack, showError, user } = latest.current;
        onTakeBack?.({ body: unsignedText(message), files: [] });
        // Never sent: withdrawn, so that it does not wait there as failed.
        if (mayDeleteMessage(message, user)) api.messages.remove(message.id).then((updated) => setMessages((current) => placeMessage(current, updated, false)), showError);
      },
    }),
    [latest],
  );
  // Picks are of this conversation only.
  useEffect(() => setSelected(new Set()), [ticket.id]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const updated = await api.messages.remove(deleting.id);
      setMessages((current) => placeMessage(current, updated, false));
    } catch (error) {
      showError(error);
    }
    setDeleting(null);
  };

  return (
    <Scroller ref={scroller} onScroll={onScroll} data-messages={ticket.id} tabIndex={0} aria-label={t('web.inbox.messages.label')}>
      <Thread ref={thread}>
        {loading && pageNumber > 1 ? <Spinner aria-label={t('web.inbox.messages.loadingOlder')} style={{ alignSelf: 'center' }} /> : null}
        {messages.map((message, index) => (
          <Fragment key={message.id}>
            {index === 0 || !sameDay(messages[index - 1]!.createdAt, message.createdAt) ? <DaySeparator data-day>{dayLabel(message.createdAt)}</DaySeparator> : null}
            <MessageBubble
              message={message}
              onViewImage={setViewing}
              onQuoteClick={seek}
              highlighted={highlighted === message.id}
              {...(readOnly
                ? {}
                : {
                    actions,
                    canReply: ticket.status === 'open',
                    canEdit: ticket.status === 'open' && editRefusal(message, user.id) === null,
                    canDelete: mayDeleteMessage(message, user),
                    canRetry: mayRetryMessage(message, ticket, user),
                    selected: selected.has(message.id),
                    selecting: selected.size > 0,
                  })}
            />
          </Fragment>
        ))}
        {outbox
          ? line.items.map((item) => (
              <OutboxBubble
                key={item.key}
                item={item}
                onRetry={() => outbox.retry(item.key)}
                onTakeBack={() => {
                  const draft = outbox.takeBack(item.key);
                  if (draft) onTakeBack?.(draft);
                }}
              />
            ))
          : null}
      </Thread>
      <Suspense fallback={null}>
        {selected.size > 0 ? <SelectionBar count={selected.size} onForward={() => setForwarding(true)} onCancel={() => setSelected(new Set())} /> : null}
        {editing ? <EditDialog message={editing} onClose={() => setEditing(null)} onSaved={(updated) => setMessages((current) => placeMessage(current, updated, false))} /> : null}
        {forwarding ? (
          <ForwardDialog
            messageIds={messages.filter((message) => selected.has(message.id)).map((message) => message.id)}
            onClose={() => setForwarding(false)}
            onDone={() => {
              // The agent stays here; the toast opens the chat it landed in.
              setForwarding(false);
              setSelected(new Set());
            }}
          />
        ) : null}
      </Suspense>
      {viewing ? (
        <Dialog title={t('web.inbox.messages.image')} onClose={() => setViewing(null)} width={900}>
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
