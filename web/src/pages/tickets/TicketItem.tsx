/** One row of the ticket list: contact, last message, time, queue colour, unread count, tags and (admins) the peek button. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { formatWhen } from '../../ui/format.js';

export const TICKET_ROW_HEIGHT = 76;

const Row = styled.div<{ $selected: boolean; $queueColor: string }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 2px 8px;
  width: 100%;
  height: ${TICKET_ROW_HEIGHT}px;
  padding: 8px 12px 8px 14px;
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  border-left: 4px solid ${({ $queueColor }) => $queueColor};
  background: ${({ $selected, theme }) => ($selected ? theme.hover : 'transparent')};
  color: inherit;
  text-align: left;
  cursor: pointer;
  overflow: hidden;
  &:hover {
    background: ${({ theme }) => theme.hover};
  }
  strong,
  span.last {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  span.last,
  time {
    font-size: 13px;
    color: ${({ theme }) => theme.textSecondary};
  }
`;

const Unread = styled.span`
  justify-self: end;
  min-width: 20px;
  padding: 0 6px;
  border-radius: 10px;
  font-size: 12px;
  line-height: 20px;
  text-align: center;
  color: #fff;
  background: ${({ theme }) => theme.success};
`;

const AcceptButton = styled(Button)`
  min-height: 24px;
  padding: 2px 10px;
  font-size: 12px;
`;

const Chips = styled.span`
  display: flex;
  gap: 4px;
  overflow: hidden;
  font-size: 11px;
`;

const PeekButton = styled(IconButton)`
  justify-self: end;
  width: 24px;
  height: 22px;
`;

interface TicketItemProps {
  ticket: Ticket;
  selected: boolean;
  onSelect(ticket: Ticket): void;
  onAccept(ticket: Ticket): void;
  /** Given to admins only: opens the read-only conversation. */
  onPeek?(ticket: Ticket): void;
}

export const TicketItem = memo(function TicketItem({ ticket, selected, onSelect, onAccept, onPeek }: TicketItemProps) {
  const { t } = useTranslation();
  const pending = ticket.status === 'pending';
  return (
    <Row
      $selected={selected}
      $queueColor={ticket.queue?.color ?? '#9aa3ae'}
      role="button"
      tabIndex={0}
      // A pending ticket is not opened by a click: it must be accepted (document 1 section 2).
      onClick={() => !pending && onSelect(ticket)}
      // Enter on a button inside the row (accept, peek) is that button's.
      onKeyDown={(event) => event.key === 'Enter' && event.target === event.currentTarget && !pending && onSelect(ticket)}
      title={pending ? t('web.inbox.list.pendingHint') : undefined}
      data-ticket={ticket.uuid}
      data-status={ticket.status}
      aria-current={selected ? 'true' : undefined}
    >
      <strong>{ticket.contact?.name ?? t('web.inbox.list.noContact')}</strong>
      <time dateTime={ticket.updatedAt}>{formatWhen(ticket.updatedAt)}</time>
      <span className="last">{ticket.lastMessage}</span>
      {pending ? (
        <AcceptButton onClick={() => onAccept(ticket)}>{t('web.inbox.actions.accept')}</AcceptButton>
      ) : ticket.unreadMessages > 0 ? (
        <Unread data-unread={ticket.unreadMessages}>{ticket.unreadMessages}</Unread>
      ) : (
        <span />
      )}
      <Chips>
        {ticket.queue ? <Chip $color={ticket.queue.color}>{ticket.queue.name}</Chip> : null}
        {ticket.user ? <Chip>{ticket.user.name}</Chip> : null}
        {ticket.tags.map((tag) => (
          <Chip key={tag.id} $color={tag.color}>
            {tag.name}
          </Chip>
        ))}
      </Chips>
      {onPeek ? (
        <PeekButton
          icon="eye"
          label={t('web.inbox.peek.open')}
          onClick={(event) => {
            // The row under it would open the ticket.
            event.stopPropagation();
            onPeek(ticket);
          }}
        />
      ) : null}
    </Row>
  );
});
