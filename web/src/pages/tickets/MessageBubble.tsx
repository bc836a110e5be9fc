/**
 * One bubble of the conversation, WhatsApp-like: the agent's name on outgoing messages, the
 * content, the time alone (the day is on the separator above) and the ack ticks; and the bubble
 * of a message still in the outbox (sending, waiting, or failed with retry and edit).
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Message } from '@atende/shared';
import { Button, IconButton } from '../../ui/controls.js';
import { formatTime } from '../../ui/format.js';
import { MessageBody, QuotedBody, Text } from './MessageBody.js';
import type { OutboxItem } from './outbox.js';

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
  footer {
    display: flex;
    justify-content: flex-end;
    align-items: center;
    gap: 4px;
    margin-top: 2px;
    font-size: 11px;
    color: ${({ theme }) => theme.textSecondary};
  }
  .delete {
    position: absolute;
    top: 0;
    left: -40px;
    opacity: 0;
  }
  &:hover .delete,
  .delete:focus-visible {
    opacity: 1;
  }
`;

const Ack = styled.span<{ $read: boolean; $played: boolean }>`
  color: ${({ $read, theme }) => ($read ? theme.info : 'inherit')};
  font-weight: ${({ $played }) => ($played ? 800 : 400)};
`;

const ACK_MARKS = ['🕓', '✓', '✓✓', '✓✓', '✓✓', '✓✓'];

function AckMark({ ack }: { ack: number }) {
  const { t } = useTranslation();
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
  /** Not given in the read-only peek: one's own messages can be deleted. */
  onDelete?(message: Message): void;
}

export const MessageBubble = memo(function MessageBubble({ message, onViewImage, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation();
  return (
    <Bubble $fromMe={message.fromMe} data-message={message.id} data-from-me={message.fromMe} data-media-type={message.mediaType}>
      {message.fromMe && message.user ? <span className="author" data-author>{message.user.name}</span> : null}
      {message.quotedMsg ? <QuotedBody quoted={message.quotedMsg} /> : null}
      <MessageBody message={message} onViewImage={onViewImage} />
      <footer>
        {message.isEdited ? <em>{t('web.inbox.messages.edited')}</em> : null}
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        {message.fromMe ? <AckMark ack={message.ack} /> : null}
      </footer>
      {!message.isDeleted && onDelete ? <IconButton className="delete" icon="trash" label={t('web.inbox.messages.delete')} onClick={() => onDelete(message)} /> : null}
    </Bubble>
  );
});

const Failed = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  margin-top: 4px;
  color: ${({ theme }) => theme.error};
  font-size: 12px;
  button {
    min-height: 26px;
    padding: 2px 8px;
    font-size: 12px;
  }
`;

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
        <Failed role="alert">
          {t('web.inbox.outbox.failed')}
          <Button $variant="outlined" onClick={onRetry}>
            {t('web.inbox.outbox.retry')}
          </Button>
          <Button $variant="text" onClick={onTakeBack}>
            {t('web.inbox.outbox.edit')}
          </Button>
        </Failed>
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
