/**
 * The conversation's compact header: avatar, name, number, queue and assignee (a click opens the
 * contact panel), the ticket's tags, and the actions of the ticket's status
 * (document 1 section 4): accept; return, resolve, transfer; reopen; the options menu with delete
 * (admins); the contact drawer toggle.
 */
import { formatPhoneNumber } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { useUser } from '../../app/api.js';
import { Avatar } from '../../ui/Avatar.js';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { MenuItem, Popover } from '../../ui/Popover.js';
import { isAdmin } from './ticketRules.js';
import TransferModal from './TransferModal.js';
import type { TicketActions } from './useTicketActions.js';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 6px;
  min-height: 56px;
  padding: 6px 10px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.paper};
  .who {
    flex: 1;
    display: flex;
    align-items: center;
    gap: 10px;
    min-width: 0;
    padding: 2px 4px;
    border: none;
    border-radius: 8px;
    background: none;
    color: inherit;
    text-align: left;
    cursor: pointer;
  }
  .who:hover {
    background: ${({ theme }) => theme.hover};
  }
  .who > span:last-child {
    min-width: 0;
  }
  .who strong,
  .who small {
    display: block;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .who small {
    font-size: 12px;
    color: ${({ theme }) => theme.textSecondary};
  }
  .tags {
    display: flex;
    gap: 4px;
    min-width: 0;
    max-width: 30%;
    overflow: hidden;
  }
  @media (max-width: 899px) {
    .tags,
    .secondary {
      display: none;
    }
  }
`;

interface TicketHeaderProps {
  ticket: Ticket;
  actions: TicketActions;
  onBack?: () => void;
  onToggleContact(): void;
  contactOpen: boolean;
}

export function TicketHeader({ ticket, actions, onBack, onToggleContact, contactOpen }: TicketHeaderProps) {
  const { t } = useTranslation();
  const user = useUser();
  const [transferring, setTransferring] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const number = formatPhoneNumber(ticket.contact?.number, ticket.contact?.isGroup);
  const name = ticket.contact?.name || number;
  const details = [number, ticket.queue?.name, ticket.user?.name].filter(Boolean).join(' · ');

  return (
    <Bar data-ticket-header={ticket.status}>
      {onBack ? <IconButton icon="chevronLeft" label={t('web.inbox.actions.back')} onClick={onBack} /> : null}
      <button type="button" className="who" onClick={onToggleContact} title={t('web.inbox.actions.contact')} aria-expanded={contactOpen} data-contact-toggle>
        <Avatar name={name} url={ticket.contact?.profilePicUrl} size={36} />
        <span>
          <strong>{name}</strong>
          <small>{details}</small>
        </span>
      </button>
      {ticket.tags.length > 0 ? (
        <span className="tags" aria-label={t('web.inbox.tagsBar.label')} data-header-tags>
          {ticket.tags.map((tag) => (
            <Chip key={tag.id} $color={tag.color}>
              {tag.name}
            </Chip>
          ))}
        </span>
      ) : null}
      {ticket.status === 'pending' ? <Button onClick={() => void actions.accept(ticket)}>{t('web.inbox.actions.accept')}</Button> : null}
      {ticket.status === 'open' ? (
        <>
          <Button $variant="outlined" className="secondary" onClick={() => void actions.return(ticket)}>
            {t('web.inbox.actions.return')}
          </Button>
          <Button onClick={() => void actions.resolve(ticket)}>{t('web.inbox.actions.resolve')}</Button>
        </>
      ) : null}
      {ticket.status === 'closed' ? <Button onClick={() => void actions.reopen(ticket)}>{t('web.inbox.actions.reopen')}</Button> : null}
      <Popover label={t('web.inbox.actions.options')} trigger={(toggle) => <IconButton icon="more" label={t('web.inbox.actions.options')} onClick={toggle} data-ticket-options />}>
        {(close) => (
          <>
            {ticket.status === 'open' ? (
              <MenuItem
                onClick={() => {
                  close();
                  void actions.return(ticket);
                }}
              >
                {t('web.inbox.actions.return')}
              </MenuItem>
            ) : null}
            <MenuItem
              onClick={() => {
                close();
                setTransferring(true);
              }}
            >
              {t('web.inbox.actions.transfer')}
            </MenuItem>
            {isAdmin(user) ? (
              <MenuItem
                onClick={() => {
                  close();
                  setDeleting(true);
                }}
              >
                {t('web.inbox.actions.delete')}
              </MenuItem>
            ) : null}
          </>
        )}
      </Popover>
      {transferring ? <TransferModal onTransfer={(queueId, userId) => actions.transfer(ticket, queueId, userId)} onClose={() => setTransferring(false)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('web.inbox.actions.deleteTitle', { name: ticket.contact?.name ?? '' })}
          onConfirm={() => {
            setDeleting(false);
            void actions.remove(ticket);
          }}
          onClose={() => setDeleting(false)}
        >
          {t('web.inbox.actions.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </Bar>
  );
}
