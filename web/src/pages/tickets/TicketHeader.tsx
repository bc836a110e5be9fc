/**
 * The conversation's header: contact and assignment, and the actions of the ticket's status
 * (document 1 section 4): accept; return, resolve, transfer; reopen; the options menu with delete
 * (admins); the contact drawer toggle.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { useUser } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { MenuItem, Popover } from '../../ui/Popover.js';
import { isAdmin } from './ticketRules.js';
import TransferModal from './TransferModal.js';
import type { TicketActions } from './useTicketActions.js';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 8px 12px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.paper};
  .who {
    flex: 1;
    border: none;
    background: none;
    color: inherit;
    text-align: left;
    cursor: pointer;
    min-width: 140px;
    overflow: hidden;
  }
  .who strong,
  .who small {
    display: block;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .who small {
    color: ${({ theme }) => theme.textSecondary};
  }
`;

interface TicketHeaderProps {
  ticket: Ticket;
  actions: TicketActions;
  onBack?: () => void;
  onToggleContact(): void;
}

export function TicketHeader({ ticket, actions, onBack, onToggleContact }: TicketHeaderProps) {
  const { t } = useTranslation();
  const user = useUser();
  const [transferring, setTransferring] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const assignment = [ticket.queue?.name, ticket.user?.name, ticket.whatsapp?.name].filter(Boolean).join(' · ');

  return (
    <Bar data-ticket-header={ticket.status}>
      {onBack ? <IconButton icon="chevronLeft" label={t('web.inbox.actions.back')} onClick={onBack} /> : null}
      <button type="button" className="who" onClick={onToggleContact} aria-label={t('web.inbox.actions.contact')}>
        <strong>{ticket.contact?.name ?? ''}</strong>
        <small>{assignment}</small>
      </button>
      {ticket.status === 'pending' ? <Button onClick={() => void actions.accept(ticket)}>{t('web.inbox.actions.accept')}</Button> : null}
      {ticket.status === 'open' ? (
        <>
          <Button $variant="outlined" onClick={() => void actions.return(ticket)}>
            {t('web.inbox.actions.return')}
          </Button>
          <Button onClick={() => void actions.resolve(ticket)}>{t('web.inbox.actions.resolve')}</Button>
        </>
      ) : null}
      {ticket.status === 'closed' ? <Button onClick={() => void actions.reopen(ticket)}>{t('web.inbox.actions.reopen')}</Button> : null}
      <Popover label={t('web.inbox.actions.options')} trigger={(toggle) => <IconButton icon="menu" label={t('web.inbox.actions.options')} onClick={toggle} />}>
        {(close) => (
          <>
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
