/**
 * The dialogs about messages of the open conversation (issue 23) and what their answers change:
 * a reaction set or taken back, a message deleted for everyone (both shown at once, before their
 * pushes), messages forwarded (the ticket they landed in joins the lists and opens, the picks are
 * dropped).
 */
import type { Message, Ticket } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { messagePreview } from '../format/messages.js';
import { DeleteMessageDialog } from '../screens/DeleteMessageDialog.js';
import { ForwardDialog } from '../screens/ForwardDialog.js';
import { ReactDialog } from '../screens/ReactDialog.js';
import { useTexts } from './i18n.js';
import type { MessageDialog } from './inboxUi.js';

export interface MessageDialogsProps {
  dialog: MessageDialog;
  api: ApiClient;
  server: string;
  /** The messages of the open conversation, and the ones the dialog acts on. */
  messages: Message[];
  acting: string[];
  width: number;
  height: number;
  close(): void;
  onMessage(message: Message): void;
  onForwarded(ticket: Ticket): void;
  onNotice(text: string): void;
  onError(error: unknown): void;
}

export function MessageDialogs(props: MessageDialogsProps) {
  const { api, width, height, close, onMessage, onNotice, onError } = props;
  const texts = useTexts();
  const { t } = texts;
  const size = { width, height };
  if (props.dialog === 'forward') {
    return (
      <ForwardDialog
        api={api}
        messageIds={props.acting}
        {...size}
        onDone={({ ticket }, contact) => {
          props.onForwarded(ticket);
          const place = { name: contact.name, status: t(`tui.status.${ticket.status}`), queue: ticket.queue?.name ?? t('tui.conversation.noQueue') };
          onNotice(t('tui.messageActions.forwardedTo', { ...place, count: props.acting.length }));
        }}
        onCancel={close}
        onError={onError}
      />
    );
  }
  const message = props.messages.find((candidate) => candidate.id === props.acting[0]);
  if (!message) return null;
  const preview = messagePreview(message, texts, props.server);
  if (props.dialog === 'react') {
    return (
      <ReactDialog
        message={message}
        preview={preview}
        {...size}
        onPick={(emoji) => {
          close();
          api.messages.react(message.id, emoji).then((updated) => {
            onMessage(updated);
            onNotice(emoji ? t('tui.messageActions.reacted', { emoji }) : t('tui.messageActions.unreacted'));
          }, onError);
        }}
        onCancel={close}
        onNotice={onNotice}
      />
    );
  }
  return (
    <DeleteMessageDialog
      preview={preview}
      {...size}
      onConfirm={() => {
        close();
        api.messages.remove(message.id).then((updated) => {
          onMessage(updated);
          onNotice(t('tui.messageActions.deleted'));
        }, onError);
      }}
      onCancel={close}
    />
  );
}
