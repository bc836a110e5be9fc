/** The dialog up in the inbox (help, queue filter, transfer, tags), and what its answer changes. */
import type { Ticket, TicketViewer } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { QueueFilterDialog } from '../screens/QueueFilterDialog.js';
import { TagsDialog } from '../screens/TagsDialog.js';
import { TransferDialog } from '../screens/TransferDialog.js';
import type { TicketsAction } from '../state/tickets.js';
import { HelpDialog } from './HelpDialog.js';
import { useTexts } from './i18n.js';
import type { Dialog, InboxUiAction } from './inboxUi.js';

export interface InboxDialogProps {
  dialog: Dialog;
  api: ApiClient;
  viewer: TicketViewer;
  /** The ticket the transfer and tags dialogs act on. */
  ticket: Ticket | null;
  openTicketId: string | null;
  queueFilter: string[];
  width: number;
  height: number;
  dispatchUi(action: InboxUiAction): void;
  dispatchTickets(action: TicketsAction): void;
  onQueueFilter(queueIds: string[]): void;
  onNotice(text: string): void;
  onError(error: unknown): void;
}

export function InboxDialog(props: InboxDialogProps) {
  const { api, viewer, ticket, width, height, dispatchUi, dispatchTickets, onNotice, onError } = props;
  const { t } = useTexts();
  const close = () => dispatchUi({ type: 'dialog', dialog: null });
  const size = { width, height };
  switch (props.dialog) {
    case 'help':
      return <HelpDialog {...size} onClose={close} />;
    case 'queues':
      return (
        <QueueFilterDialog
          api={api}
          viewer={viewer}
          selected={props.queueFilter}
          {...size}
          onApply={(queueIds) => {
            props.onQueueFilter(queueIds);
            close();
          }}
          onCancel={close}
          onError={onError}
        />
      );
    case 'transfer':
      return ticket ? (
        <TransferDialog
          api={api}
          ticket={ticket}
          {...size}
          onDone={(updated) => {
            dispatchTickets({ type: 'upsert', ticket: updated });
            close();
            // Transferred to someone else: the conversation is no longer the agent's to show.
            if (props.openTicketId === updated.id && updated.userId !== viewer.userId) dispatchUi({ type: 'close' });
            onNotice(t('tui.actions.transferDone'));
          }}
          onCancel={close}
          onError={onError}
        />
      ) : null;
    case 'tags':
      return ticket ? (
        <TagsDialog
          api={api}
          ticket={ticket}
          {...size}
          onDone={(tags) => {
            dispatchTickets({ type: 'upsert', ticket: { ...ticket, tags } });
            close();
            onNotice(t('tui.actions.tagsDone'));
          }}
          onCancel={close}
          onError={onError}
        />
      ) : null;
  }
}
