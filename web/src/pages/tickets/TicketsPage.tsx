/**
 * /tickets/:ticketId? and /tickets/u/:id (document 1 section 2): wide, the list on the left and
 * the conversation (or a welcome) on the right; narrow (under 600 px), two tabs, tickets and the
 * conversation.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { useMediaQuery } from '../../ui/useMediaQuery.js';
import { Conversation } from './Conversation.js';
import { TicketsManager } from './TicketsManager.js';
import { useOutbox } from './useOutbox.js';
import { useTicketActions, type AppliedChange } from './useTicketActions.js';

/** The spec's mobile breakpoint (document 1 section 9). */
const NARROW_QUERY = '(max-width: 599px)';

const Wide = styled.div`
  display: grid;
  grid-template-columns: minmax(300px, 30%) 1fr;
  height: 100%;
  min-height: 0;
  > * {
    min-height: 0;
    border-right: 1px solid ${({ theme }) => theme.border};
  }
`;

const Narrow = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
  > nav {
    display: flex;
    border-bottom: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.paper};
  }
  > nav button {
    flex: 1;
    padding: 10px;
    border: none;
    border-bottom: 2px solid transparent;
    background: transparent;
    color: inherit;
    font-weight: 600;
  }
  > nav button[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.accent};
  }
  > div {
    flex: 1;
    min-height: 0;
  }
`;

const Welcome = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  align-items: center;
  justify-content: center;
  height: 100%;
  padding: 24px;
  text-align: center;
  color: ${({ theme }) => theme.textSecondary};
  background: ${({ theme }) => theme.background};
`;

export default function TicketsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ticketId, id } = useParams();
  const ticketRef = ticketId ?? id ?? null;
  const narrow = useMediaQuery(NARROW_QUERY);
  const [applied, setApplied] = useState<AppliedChange | null>(null);
  const actions = useTicketActions(setApplied);
  const outbox = useOutbox();
  const [pane, setPane] = useState<'tickets' | 'conversation'>(ticketRef ? 'conversation' : 'tickets');
  const open = (ticket: Ticket) => {
    setPane('conversation');
    navigate(`/tickets/${ticket.uuid}`);
  };

  const manager = <TicketsManager selected={ticketRef} onSelect={open} actions={actions} applied={applied} />;
  const conversation = ticketRef ? (
    <Conversation key={ticketRef} ticketRef={ticketRef} actions={actions} outbox={outbox} onBack={narrow ? () => setPane('tickets') : undefined} />
  ) : (
    <Welcome data-welcome>
      {/* The product's mark, as the seed shows its logo when no ticket is picked. */}
      <img src="/favicon.svg" alt="Atende" width={96} height={96} data-welcome-logo />
      <span>{t('web.inbox.welcome')}</span>
    </Welcome>
  );

  if (!narrow) {
    return (
      <Wide data-layout="wide">
        {manager}
        {conversation}
      </Wide>
    );
  }
  const shown = ticketRef ? pane : 'tickets';
  return (
    <Narrow data-layout="narrow">
      <nav role="tablist">
        {(['tickets', 'conversation'] as const).map((key) => (
          <button key={key} role="tab" aria-selected={shown === key} data-pane={key} disabled={key === 'conversation' && !ticketRef} onClick={() => setPane(key)}>
            {t(`web.inbox.tabs.${key}`)}
          </button>
        ))}
      </nav>
      <div>{shown === 'tickets' ? manager : conversation}</div>
    </Narrow>
  );
}
