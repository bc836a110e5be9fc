/**
 * The dialog up in the inbox (help, quitting with work not sent, queue filter, transfer, tags, and
 * those about messages: see MessageDialogs), and what its answer changes.
 */
import type { Message, Ticket, TicketViewer } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { QueueFilterDialog } from '../screens/QueueFilterDialog.js';
import { QuitDialog } from '../screens/QuitDialog.js';
import { TagsDialog } from '../screens/TagsDialog.js';
import { TransferDialog } from '../screens/TransferDialog.js';
import type { TicketsAction } from '../state/tickets.js';
import { HelpDialog } from './HelpDialog.js';
import { useTexts } from './i18n.js';
import type { Dialog, InboxUiAction } from './inboxUi.js';
import { MessageDialogs } from './MessageDialogs.js';

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
  server: string;
  /** The open conversation's messages, the ones a message dialog acts on, and a changed one. */
  messages: Message[];
  acting: string[];
  onMessage(message: Message): void;
  /** What quitting now would leave behind (the quit dialog), and quitting itself. */
  unsentWork: { drafts: number; unsent: number };
  onQuit(): void;
}

export function InboxDialog(props: InboxDialogProps) {
  const { api, viewer, ticket, width, height, dispatchUi, dispatchTickets, onNotice, onError } = props;
  const { t } = useTexts();
  const close = () => dispatchUi({ type: 'dialog', dialog: null });
  const size = { width, height };
  switch (props.dialog) {
    case 'help':
      return <HelpDialog {...size} onClose={close} />;
    case 'quit':
      return <QuitDialog {...props.unsentWork} {...size} onQuit={props.onQuit} onCancel={close} />;
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
    case 'react':
    case 'deleteMessage':
    case 'forward':
      return (
        <MessageDialogs
          dialog={props.dialog}
          api={api}
          server={props.server}
          messages={props.messages}
          acting={props.acting}
          {...size}
          close={close}
          onMessage={props.onMessage}
          onForwarded={(forwardedTo) => {
            dispatchTickets({ type: 'upsert', ticket: forwardedTo });
            dispatchUi({ type: 'unmarkAll' });
            // The chat forwarded to opens, as on the phone; a forward always lands in the agent's open ticket.
            dispatchUi({ type: 'show', tab: 'open', ticketId: forwardedTo.id });
            close();
          }}
          onNotice={onNotice}
          onError={onError}
        />
      );
  }
}
