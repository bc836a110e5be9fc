/**
 * Ticket peek (document 1 sections 2 and 6, admins only): a ticket's conversation read-only, kept
 * live and scrolled up for older pages like the conversation itself, without accepting or
 * changing the ticket (listing a pending ticket's messages does not mark them read).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
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

export function TicketPeek({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('web.inbox.peek.title', { name: ticket.contact?.name ?? t('web.inbox.list.noContact') })} onClose={onClose} width={720}>
      <Frame data-peek={ticket.uuid}>
        <MessageList ticket={ticket} readOnly />
      </Frame>
    </Dialog>
  );
}
