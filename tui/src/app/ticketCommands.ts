/**
 * The ticket actions of the keys (document 1 section 4): accept and reopen open the ticket in the
 * open tab; return and resolve go back to the list; transfer and tags open their dialogs; stop
 * ends the conversation flow running in the ticket. An action the ticket does not offer only says so.
 */
import type { Ticket, TicketViewer } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { acceptUpdate, offers, reopenUpdate, resolveUpdate, returnUpdate, type TicketAction } from '../state/ticketActions.js';
import type { TicketsAction } from '../state/tickets.js';
import type { Translate } from './i18n.js';
import type { InboxUiAction } from './inboxUi.js';

export interface TicketCommandDeps {
  api: ApiClient;
  viewer: TicketViewer;
  openTicketId: string | null;
  dispatchUi(action: InboxUiAction): void;
  dispatchTickets(action: TicketsAction): void;
  t: Translate;
  onNotice(text: string): void;
  onError(error: unknown): void;
}

export function runTicketAction(action: TicketAction, ticket: Ticket | null, deps: TicketCommandDeps): void {
  const { api, viewer, t, onNotice } = deps;
  if (!ticket) {
    onNotice(t('tui.actions.noTicket'));
    return;
  }
  if (!offers(ticket, action)) {
    onNotice(action === 'stopFlow' ? t('tui.actions.noFlow') : t('tui.actions.notOffered', { action: t(`tui.keys.${action}`), status: t(`tui.status.${ticket.status}`) }));
    return;
  }
  if (action === 'stopFlow') {
    api.flowEngine.stopTicketFlow(ticket.id).then((answer) => {
      deps.dispatchTickets({ type: 'upsert', ticket: answer.ticket });
      onNotice(t('tui.actions.stopFlowDone'));
    }, deps.onError);
    return;
  }
  if (action === 'transfer' || action === 'tags') {
    deps.dispatchUi({ type: 'dialog', dialog: action });
    return;
  }
  const update = {
    accept: () => acceptUpdate(viewer.userId),
    return: returnUpdate,
    resolve: () => resolveUpdate(ticket, viewer.userId),
    reopen: () => reopenUpdate(ticket, viewer.userId),
  }[action]();
  api.tickets.update(ticket.id, update).then((updated) => {
    deps.dispatchTickets({ type: 'upsert', ticket: updated });
    if (action === 'accept' || action === 'reopen') deps.dispatchUi({ type: 'show', tab: 'open', ticketId: updated.id });
    else if (deps.openTicketId === updated.id) deps.dispatchUi({ type: 'close' });
    onNotice(t(`tui.actions.${action}Done`));
  }, deps.onError);
}
