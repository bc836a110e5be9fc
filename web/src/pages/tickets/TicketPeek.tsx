/**
 * Ticket peek (document 1 sections 2 and 6): a ticket's conversation read-only, kept live and
 * scrolled up for older pages like the conversation itself, without accepting or changing the
 * ticket (listing a pending ticket's messages does not mark them read). Admins peek at any ticket;
 * everyone who sees a waiting customer reads the conversation here before accepting it, with
 * Accept at hand.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { Button } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { MessageList } from './MessageList.js';

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  height: min(65vh, 560px);
  /* Edge to edge in the dialog's body, down to its rounded corners. */
  margin: -16px -18px;
  border-radius: 0 0 10px 10px;
  overflow: hidden;
`;

export function TicketPeek({ ticket, onClose, onAccept }: { ticket: Ticket; onClose(): void; onAccept(ticket: Ticket): void }) {
  const { t } = useTranslation();
  const pending = ticket.status === 'pending';
  return (
    <Dialog
      title={t('web.inbox.peek.title', { name: ticket.contact?.name ?? t('web.inbox.list.noContact') })}
      onClose={onClose}
      width={720}
      actions={
        pending ? (
          <>
            <span data-read-only>{t('web.inbox.waiting.readOnly')}</span>
            <Button onClick={() => onAccept(ticket)} data-peek-accept>
              {t('web.inbox.actions.accept')}
            </Button>
          </>
        ) : undefined
      }
    >
      <Frame data-peek={ticket.uuid}>
        <MessageList ticket={ticket} readOnly />
      </Frame>
    </Dialog>
  );
}
