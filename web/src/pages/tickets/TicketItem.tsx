/**
 * One row of the ticket list, dense like an inbox: the avatar (or initials, a checkbox for bulk
 * actions on hover, focus or while selecting), name, queue chip, assignee and time on the first
 * line; the last message and the unread count, or a compact Accept for a pending ticket, on the
 * second, with (admins) the peek button. A waiting customer's row shows what the customer last
 * wrote (not the bot's greeting) and how long they have waited, and opens the conversation read
 * only (accept it to reply). The selected row is marked by the accent colour. The name is the
 * row's link (keyboard and screen readers); a click anywhere on the row opens it too.
 */
import { formatPhoneNumber } from '@atende/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { Avatar } from '../../ui/Avatar.js';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { formatWhen } from '../../ui/format.js';
import { DraftMark } from './DraftMark.js';
import { waitedLong, waitedShort } from './waited.js';

export const TICKET_ROW_HEIGHT = 46;

const Row = styled.div<{ $selected: boolean }>`
  display: grid;
  grid-template-columns: 30px minmax(0, 1fr) auto;
  grid-template-rows: 20px 18px;
  column-gap: 10px;
  align-items: center;
  height: ${TICKET_ROW_HEIGHT}px;
  padding: 4px 10px 4px 10px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  background: ${({ $selected, theme }) => ($selected ? theme.selected : 'transparent')};
  box-shadow: ${({ $selected, theme }) => ($selected ? `inset 3px 0 0 ${theme.accent}` : 'none')};
  cursor: pointer;
  &:hover {
    background: ${({ $selected, theme }) => ($selected ? theme.selected : theme.hover)};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: -2px;
  }
  .name {
    color: inherit;
    text-decoration: none;
    outline: none;
  }
  .who {
    grid-row: 1 / 3;
    position: relative;
    width: 30px;
    height: 30px;
  }
  .who input {
    position: absolute;
    inset: 0;
    margin: 0;
    width: 30px;
    height: 30px;
    opacity: 0;
    cursor: pointer;
    accent-color: ${({ theme }) => theme.accentFill};
  }
  &:hover .who input,
  &:focus-within .who input,
  .who input:checked,
  &[data-selecting='true'] .who input {
    opacity: 1;
  }
  .line {
    display: flex;
    align-items: center;
    gap: 6px;
    min-width: 0;
  }
  .line > .name,
  .line > .last {
    flex: 1 1 auto;
    min-width: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .line > .name {
    font-weight: ${({ $selected }) => ($selected ? 700 : 600)};
  }
  .last,
  .assignee,
  time {
    font-size: 12.5px;
    color: ${({ theme }) => theme.textSecondary};
  }
  .assignee {
    flex: 0 1 auto;
    min-width: 0;
    max-width: 30%;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  ${Chip} {
    flex: 0 1 auto;
    max-width: 35%;
    font-size: 11px;
    line-height: 15px;
  }
  .side {
    grid-row: 1 / 3;
    grid-column: 3;
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    justify-content: space-between;
    height: 38px;
  }
`;

const Unread = styled.span`
  min-width: 20px;
  padding: 0 6px;
  border-radius: 10px;
  font-size: 11.5px;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
  color: ${({ theme }) => theme.onAccent};
  background: ${({ theme }) => theme.accentFill};
`;

const AcceptButton = styled(Button)`
  min-height: 20px;
  padding: 0 8px;
  font-size: 11.5px;
`;

const PeekButton = styled(IconButton)`
  width: 22px;
  height: 20px;
  svg {
    width: 16px;
    height: 16px;
  }
`;

interface TicketItemProps {
  ticket: Ticket;
  selected: boolean;
  /** Ticked for a bulk action; `selecting`: some row is, so every checkbox shows. */
  checked: boolean;
  selecting: boolean;
  onCheck(ticket: Ticket, checked: boolean): void;
  onSelect(ticket: Ticket): void;
  onAccept(ticket: Ticket): void;
  /** Given to admins only: opens the read-only conversation. */
  onPeek?(ticket: Ticket): void;
  /** A waiting customer's row opens the conversation read only, for everyone who sees the row. */
  onPreview(ticket: Ticket): void;
  /** The time now (minutes matter): how long a waiting customer has waited. */
  now: number;
}

/** The chip of a ticket an automation handed to the agents (it waits for one). */
const HANDED_OVER = '#c62828';

export const TicketItem = memo(function TicketItem({ ticket, selected, checked, selecting, onCheck, onSelect, onAccept, onPeek, onPreview, now }: TicketItemProps) {
  const { t } = useTranslation();
  const pending = ticket.status === 'pending';
  const name = ticket.contact?.name || formatPhoneNumber(ticket.contact?.number, ticket.contact?.isGroup) || t('web.inbox.list.noContact');
  const preview = pending ? ticket.lastCustomerMessage || ticket.lastMessage : ticket.lastMessage;
  return (
    <Row
      $selected={selected}
      // A pending ticket is not opened: it is read before it is accepted (document 1 section 2).
      onClick={() => (pending ? onPreview(ticket) : onSelect(ticket))}
      title={pending ? t('web.inbox.waiting.preview', { name }) : undefined}
      data-ticket={ticket.uuid}
      data-status={ticket.status}
      data-selecting={selecting}
      data-selected={selected}
    >
      <span className="who">
        <Avatar name={name} url={ticket.contact?.profilePicUrl} size={30} />
        <input
          type="checkbox"
          checked={checked}
          aria-label={t('web.inbox.bulk.select', { name })}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => onCheck(ticket, event.target.checked)}
          data-check={ticket.uuid}
        />
      </span>
      <span className="line">
        {pending ? (
          <a
            className="name"
            href={`/tickets/${ticket.uuid}`}
            aria-label={t('web.inbox.waiting.preview', { name })}
            onClick={(event) => {
              // The row reads it (in place).
              event.preventDefault();
            }}
          >
            {name}
          </a>
        ) : (
          <a
            className="name"
            href={`/tickets/${ticket.uuid}`}
            aria-label={t('web.inbox.list.rowLabel', { name, count: ticket.unreadMessages })}
            aria-current={selected ? 'page' : undefined}
            onClick={(event) => {
              // The row opens it (in place, without a page load).
              event.preventDefault();
            }}
          >
            {name}
          </a>
        )}
        {ticket.queue ? (
          <Chip $color={ticket.queue.color} data-queue={ticket.queue.name}>
            {ticket.queue.name}
          </Chip>
        ) : null}
        {ticket.handedOver && pending ? (
          <Chip $color={HANDED_OVER} title={t('web.prompts.ticket.handedOver')} data-handed-over>
            {t('web.prompts.ticket.wantsAgent')}
          </Chip>
        ) : null}
        {ticket.user ? <span className="assignee">{ticket.user.name}</span> : null}
        <DraftMark ticketId={ticket.id} />
      </span>
      <span className="line">
        <span className="last">{preview}</span>
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
      </span>
      <span className="side">
        {pending && ticket.waitingSince ? (
          <time dateTime={ticket.waitingSince} title={waitedLong(t, ticket.waitingSince, now)} data-waited>
            {waitedShort(t, ticket.waitingSince, now)}
          </time>
        ) : (
          <time dateTime={ticket.updatedAt}>{formatWhen(ticket.updatedAt)}</time>
        )}
        {pending ? (
          <AcceptButton
            onClick={(event) => {
              event.stopPropagation();
              onAccept(ticket);
            }}
          >
            {t('web.inbox.actions.accept')}
          </AcceptButton>
        ) : ticket.unreadMessages > 0 ? (
          <Unread data-unread={ticket.unreadMessages}>{ticket.unreadMessages}</Unread>
        ) : null}
      </span>
    </Row>
  );
});
