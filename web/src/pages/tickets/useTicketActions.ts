/**
 * The ticket transitions of document 1 section 4 as the conversation and the list trigger them:
 * accept, return, resolve, reopen, transfer and delete, each with its navigation afterwards.
 * `onApplied` gets the outcome at once: the realtime channel does not tell a user about a ticket
 * he may no longer see (transferred to another queue), so the lists learn it from here.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Ticket } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';

export interface AppliedChange {
  ticket: Ticket;
  removed: boolean;
}

export function useTicketActions(onApplied: (change: AppliedChange) => void) {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useErrorToast();
  const applied = useLatest(onApplied);

  return useMemo(() => {
    const update = async (ticket: Ticket, data: Parameters<typeof api.tickets.update>[1], to: string) => {
      try {
        applied.current({ ticket: await api.tickets.update(ticket.id, data), removed: false });
        navigate(to);
      } catch (error) {
        showError(error);
      }
    };
    /** One change to several tickets, without leaving the page; how many went through. */
    const updateMany = async (tickets: Ticket[], data: (ticket: Ticket) => Parameters<typeof api.tickets.update>[1]) => {
      let done = 0;
      for (const ticket of tickets) {
        try {
          applied.current({ ticket: await api.tickets.update(ticket.id, data(ticket)), removed: false });
          done += 1;
        } catch (error) {
          showError(error);
        }
      }
      return done;
    };
    return {
      acceptMany: (tickets: Ticket[]) => updateMany(tickets, () => ({ status: 'open', userId: user.id })),
      resolveMany: (tickets: Ticket[]) =>
        updateMany(tickets, (ticket) => ({ status: 'closed', userId: user.id, queueId: ticket.queueId, useIntegration: false, promptId: false, integrationId: false })),
      accept: (ticket: Ticket) => update(ticket, { status: 'open', userId: user.id }, `/tickets/${ticket.uuid}`),
      return: (ticket: Ticket) => update(ticket, { status: 'pending', userId: null }, '/tickets'),
      resolve: (ticket: Ticket) =>
        update(ticket, { status: 'closed', userId: user.id, queueId: ticket.queueId, useIntegration: false, promptId: false, integrationId: false }, '/tickets'),
      reopen: (ticket: Ticket) => update(ticket, { status: 'open', userId: user.id, queueId: ticket.queueId }, `/tickets/${ticket.uuid}`),
      /** Without a user the ticket goes back to pending in that queue. */
      transfer: (ticket: Ticket, queueId: string, userId: string | null) => update(ticket, { queueId, userId }, '/tickets'),
      remove: async (ticket: Ticket) => {
        try {
          await api.tickets.remove(ticket.id);
          applied.current({ ticket, removed: true });
          toast.info(t('web.inbox.deleted'));
          navigate('/tickets');
        } catch (error) {
          showError(error);
        }
      },
    };
  }, [api, user.id, navigate, toast, showError, t, applied]);
}

export type TicketActions = ReturnType<typeof useTicketActions>;
