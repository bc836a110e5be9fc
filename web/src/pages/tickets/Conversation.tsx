/**
 * The right pane: loads the ticket of the route (uuid, or id for /tickets/u/:id), refuses a ticket
 * of another queue with the unauthorized toast and a return to /tickets, and follows the ticket's
 * updates; then header, messages, composer and the contact panel (details, tags, notes, the
 * contact's previous tickets).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { canSeeTicket, isNewerTicket, ticketIdOf, ticketViewerOf, type Message, type Ticket, type TicketEvent } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Spinner } from '../../ui/controls.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useDelayedNavigate } from '../../ui/useDelayedNavigate.js';
import { useLatest } from '../../ui/useLatest.js';
import { Composer } from './Composer.js';
import { ContactDrawer } from './ContactDrawer.js';
import { AiBanner } from './AiBanner.js';
import { FlowRunBanner } from './FlowRunBanner.js';
import { IntegrationRunBanner } from './IntegrationRunBanner.js';
import { MessageList } from './MessageList.js';
import { TicketHeader } from './TicketHeader.js';
import type { Draft, Outbox } from './outbox.js';
import type { TicketActions } from './useTicketActions.js';

const Frame = styled.div`
  position: relative;
  display: flex;
  height: 100%;
  min-height: 0;
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;


interface ConversationProps {
  ticketRef: string;
  actions: TicketActions;
  outbox: Outbox;
  onBack?: () => void;
}

export function Conversation({ ticketRef, actions, outbox, onBack }: ConversationProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useErrorToast();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  /** The link names a ticket that does not exist (deleted, or never was). */
  const [missing, setMissing] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  /** The message the composer replies to. */
  const [replyTo, setReplyTo] = useState<Message | null>(null);

  // The user's queues and the toasts are read when the ticket is opened, not followed while it is shown.
  const redirect = useDelayedNavigate();
  const latest = useLatest({ user, toast, t, navigate, redirect, showError });

  useEffect(() => {
    let active = true;
    setTicket(null);
    setReplyTo(null);
    const { user, toast, t, navigate, redirect, showError } = latest.current;
    const refuse = () => {
      toast.error(t('web.inbox.unauthorized'));
      redirect('/tickets');
    };
    api.tickets
      .get(ticketRef)
      .then((found) => {
        if (!active) return;
        if (canSeeTicket(ticketViewerOf(user), found)) setTicket(found);
        else refuse();
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.code === 'ERR_NO_PERMISSION') refuse();
        else if (error instanceof ApiError && error.code === 'ERR_NO_TICKET_FOUND') setMissing(true);
        else {
          showError(error);
          navigate('/tickets');
        }
      });
    return () => {
      active = false;
    };
  }, [api, ticketRef, latest]);

  useChannel<TicketEvent>('ticket', (event) => {
    if (!ticket || ticketIdOf(event) !== ticket.id) return;
    if (event.action === 'update') {
      const incoming = event.ticket;
      setTicket((current) => (current && !isNewerTicket(incoming, current) ? current : incoming));
    } else if (event.action === 'delete') navigate('/tickets');
  });

  if (missing) {
    return (
      <EmptyState icon="compass" title={t('web.inbox.missing.title')} data-ticket-missing>
        {t('web.inbox.missing.text')} <Link to="/tickets">{t('web.inbox.missing.back')}</Link>
      </EmptyState>
    );
  }
  if (!ticket) return <Spinner $size={24} style={{ margin: 24 }} />;
  return (
    <Frame data-conversation={ticket.uuid} data-status={ticket.status}>
      <Column>
        <TicketHeader ticket={ticket} actions={actions} onBack={onBack} onToggleContact={() => setContactOpen((open) => !open)} contactOpen={contactOpen} />
        <FlowRunBanner ticket={ticket} onStopped={(stopped) => setTicket((current) => (current && !isNewerTicket(stopped, current) ? current : stopped))} />
        <IntegrationRunBanner ticket={ticket} />
        <AiBanner ticket={ticket} />
        <MessageList ticket={ticket} outbox={outbox} onTakeBack={setDraft} onReply={setReplyTo} />
        <Composer ticket={ticket} outbox={outbox} draft={draft} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} />
      </Column>
      {contactOpen ? <ContactDrawer ticket={ticket} onClose={() => setContactOpen(false)} /> : null}
    </Frame>
  );
}
