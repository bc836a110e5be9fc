/**
 * One bubble of the conversation, WhatsApp-like: who wrote an outgoing message (the agent's name,
 * or the automation that sent it), "forwarded", the quoted message (a click brings the original
 * into view), the content, the time alone (the day is on the separator above), "edited" with the
 * earlier texts, the ack ticks, or "not sent" with the reason, Retry and Edit when the server gave
 * up sending it, and the reactions; the actions of the message on hover or focus (actions/); and
 * the bubble of a message still in the outbox (sending, waiting, or failed with retry and edit).
 */
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { translateError, type Message } from '@atende/shared';
import { formatTime } from '../../ui/format.js';
import type { BubbleActions } from './actions/bubbleActions.js';
import { onMessageKey } from './actions/useMessageKeys.js';
import { MessageBody, QuotedBody, Text } from './MessageBody.js';
import { FailedLine } from './message/FailedLine.js';
import { MessageAuthor } from './message/MessageAuthor.js';
import type { OutboxItem } from './outbox.js';

// Needed on hover, focus or for messages reacted to or edited: loaded once the conversation shows.
const BubbleToolbar = lazy(() => import('./actions/BubbleToolbar.js'));
const EditedMark = lazy(() => import('./actions/EditedMark.js'));
const ReactionChips = lazy(() => import('./actions/ReactionChips.js'));

const flash = keyframes`
  from { box-shadow: 0 0 0 4px rgba(29, 78, 216, 0.55); }
  to { box-shadow: 0 0 0 4px rgba(29, 78, 216, 0); }
`;

export const Bubble = styled.div<{ $fromMe: boolean }>`
  position: relative;
  align-self: ${({ $fromMe }) => ($fromMe ? 'flex-end' : 'flex-start')};
  max-width: min(75%, 560px);
  padding: 6px 10px 4px;
  border-radius: ${({ $fromMe }) => ($fromMe ? '10px 2px 10px 10px' : '2px 10px 10px 10px')};
  background: ${({ $fromMe, theme }) => ($fromMe ? theme.bubbleMine : theme.paper)};
  box-shadow: 0 1px 1px rgba(0, 0, 0, 0.12);
  overflow-wrap: anywhere;
  .author {
    display: block;
    margin-bottom: 2px;
    font-size: 12px;
    font-weight: 700;
    color: ${({ theme }) => theme.accent};
  }
  .author.automatic {
    font-weight: 600;
    font-style: italic;
    color: ${({ theme }) => theme.textSecondary};
  }
  footer {
    display: flex;
    justify-content: flex-end;
    align-items: center;
    gap: 4px;
    margin-top: 2px;
    font-size: 11px;
    color: ${({ theme }) => theme.textSecondary};
  }
  .forwarded {
    display: block;
    font-size: 12px;
    font-style: italic;
    color: ${({ theme }) => theme.textSecondary};
  }
  .message-actions {
    opacity: 0;
  }
  &:hover .message-actions,
  &:focus-within .message-actions {
    opacity: 1;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
  &[data-selected='true'] {
    outline: 2px solid ${({ theme }) => theme.accent};
    background: ${({ theme }) => theme.selected};
  }
  &[data-highlighted='true'] {
    animation: ${flash} 1.6s ease-out 2;
  }
`;

const Ack = styled.span<{ $read: boolean; $played: boolean }>`
  color: ${({ $read, theme }) => ($read ? theme.info : 'inherit')};
  font-weight: ${({ $played }) => ($played ? 800 : 400)};
`;

const ACK_MARKS = ['🕓', '✓', '✓✓', '✓✓', '✓✓', '✓✓'];

function AckMark({ ack, failed }: { ack: number; failed: boolean }) {
  const { t } = useTranslation();
  if (failed) return <span data-ack="failed">⚠</span>;
  const level = Math.max(0, Math.min(ack, 5));
  return (
    <Ack data-ack={level} $read={level >= 3} $played={level >= 4} title={t(`web.inbox.messages.ack.${Math.min(level, 4)}`)} aria-label={t(`web.inbox.messages.ack.${Math.min(level, 4)}`)}>
      {ACK_MARKS[level]}
    </Ack>
  );
}

interface MessageBubbleProps {
  message: Message;
  onViewImage(url: string): void;
  /** Not given in the read-only peek. */
  actions?: BubbleActions;
  /** The ticket is open: replies and reactions go. */
  canReply?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
  /** A send the server gave up on may be sent again (and taken back) by this user. */
  canRetry?: boolean;
  selected?: boolean;
  /** Messages are being picked for a forward: a click on the bubble picks it. */
  selecting?: boolean;
  /** Brought into view from a quote: it flashes. */
  highlighted?: boolean;
  onQuoteClick?(messageId: string): void;
}

export const MessageBubble = memo(function MessageBubble({
  message,
  onViewImage,
  actions,
  canReply = false,
  canEdit = false,
  canDelete = false,
  canRetry = false,
  selected = false,
  selecting = false,
  highlighted = false,
  onQuoteClick,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation();
  const retrying = canRetry && actions;
  const picking = selecting && actions && !message.isDeleted;
  return (
    <Bubble
      $fromMe={message.fromMe}
      data-message={message.id}
      data-from-me={message.fromMe}
      data-media-type={message.mediaType}
      data-selected={selected}
      data-highlighted={highlighted}
      tabIndex={actions ? 0 : undefined}
      onKeyDown={actions ? onMessageKey : undefined}
      onClick={picking ? () => actions.toggleSelect(message) : undefined}
    >
      <MessageAuthor message={message} />
      {message.forwarded ? <span className="forwarded" data-forwarded>↪ {t('web.messageActions.forwarded')}</span> : null}
      {message.quotedMsg ? <QuotedBody quoted={message.quotedMsg} onOpen={onQuoteClick} /> : null}
      <MessageBody message={message} onViewImage={onViewImage} />
      <footer>
        {message.isEdited ? (
          <Suspense fallback={<em>{t('web.inbox.messages.edited')}</em>}>
            <EditedMark message={message} />
          </Suspense>
        ) : null}
        {message.signed && !message.isDeleted ? (
          <span data-signed title={t('web.inbox.author.signed')} aria-label={t('web.inbox.author.signed')}>
            ✍
          </span>
        ) : null}
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        {message.fromMe ? <AckMark ack={message.ack} failed={message.sendFailed} /> : null}
      </footer>
      {message.sendFailed ? (
        <FailedLine
          reason={message.sendError ? translateError(i18n, message.sendError) : null}
          {...(retrying ? { onRetry: () => actions.retry(message) } : {})}
          {...(retrying && message.mediaType === 'chat' ? { onEdit: () => actions.takeBack(message) } : {})}
        />
      ) : null}
      {message.reactions.length > 0 ? (
        <Suspense fallback={null}>
          <ReactionChips reactions={message.reactions} you={t('web.inbox.messages.you')} />
        </Suspense>
      ) : null}
      {actions ? (
        <Suspense fallback={null}>
          <BubbleToolbar message={message} actions={actions} canReply={canReply} canEdit={canEdit} canDelete={canDelete} selected={selected} />
        </Suspense>
      ) : null}
    </Bubble>
  );
});

/** A message of the outbox: sending or waiting its turn, or failed with retry and edit. */
export function OutboxBubble({ item, onRetry, onTakeBack }: { item: OutboxItem; onRetry(): void; onTakeBack(): void }) {
  const { t } = useTranslation();
  return (
    <Bubble $fromMe data-outbox={item.state}>
      {item.body ? <Text>{item.body}</Text> : null}
      {item.files.map((file) => (
        <div key={file.name}>📎 {file.name}</div>
      ))}
      {item.state === 'failed' ? (
        <FailedLine onRetry={onRetry} onEdit={onTakeBack} />
      ) : (
        <footer>
          <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
          <span title={t(`web.inbox.outbox.${item.state}`)} aria-label={t(`web.inbox.outbox.${item.state}`)}>
            🕓
          </span>
        </footer>
      )}
    </Bubble>
  );
}
