/**
 * /tickets/:ticketId? and /tickets/u/:id (document 1 section 2): wide, the list on the left and
 * the conversation (or a welcome) on the right, with a divider that resizes the list (remembered);
 * narrow (under 600 px), two tabs, tickets and the conversation.
 */
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { useMediaQuery } from '../../ui/useMediaQuery.js';
import { Conversation } from './Conversation.js';
import { TicketsManager } from './TicketsManager.js';
import { useOutbox } from './useOutbox.js';
import { useListWidth } from './useListWidth.js';
import { useTicketActions, type AppliedChange } from './useTicketActions.js';

/** The spec's mobile breakpoint (document 1 section 9). */
const NARROW_QUERY = '(max-width: 599px)';

const Wide = styled.div`
  display: grid;
  height: 100%;
  min-height: 0;
  > * {
    min-height: 0;
    min-width: 0;
  }
`;

/** The divider between the list and the conversation: drag it, or focus it and use the arrows. */
const Divider = styled.div`
  width: 6px;
  margin: 0 -3px;
  z-index: 1;
  cursor: col-resize;
  background: linear-gradient(${({ theme }) => theme.border}, ${({ theme }) => theme.border}) center / 1px 100% no-repeat;
  touch-action: none;
  &:hover,
  &:focus-visible {
    outline: none;
    background: linear-gradient(${({ theme }) => theme.accent}, ${({ theme }) => theme.accent}) center / 3px 100% no-repeat;
  }
`;

const STEP_PX = 24;

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
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const list = useListWidth(frame);
  const drag = (event: PointerEvent<HTMLDivElement>) => {
    const left = frame?.getBoundingClientRect().left ?? 0;
    event.currentTarget.setPointerCapture(event.pointerId);
    const move = (moved: globalThis.PointerEvent) => list.choose(moved.clientX - left);
    const target = event.currentTarget;
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', () => target.removeEventListener('pointermove', move), { once: true });
  };
  const nudge = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowLeft' ? -STEP_PX : event.key === 'ArrowRight' ? STEP_PX : 0;
    if (step === 0) return;
    event.preventDefault();
    list.choose(list.width + step);
  };
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
      <Wide ref={setFrame} data-layout="wide" style={{ gridTemplateColumns: `${list.width}px 0 minmax(0, 1fr)` }}>
        {manager}
        <Divider
          role="separator"
          aria-orientation="vertical"
          aria-label={t('web.inbox.layout.resize')}
          aria-valuenow={list.width}
          aria-valuemin={list.min}
          aria-valuemax={list.max}
          tabIndex={0}
          onPointerDown={drag}
          onKeyDown={nudge}
          data-list-divider
        />
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
