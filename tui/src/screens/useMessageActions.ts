/**
 * The keys of what an agent does to the selected message (issue 23): + react, e edit (the agent's
 * own text, in the composer), D delete for everyone, Space pick for a forward, > forward the picked
 * messages (or the selected one), R send again a message the server gave up sending. The shared rules say at once what the agent may not do to a
 * message (someone else's, deleted, not forwardable); the ticket's rules (closed, someone else's)
 * come back from the server, translated.
 */
import { editRefusal, FORWARD_MAX_MESSAGES, mayDeleteMessage, mayForward, mayRetryMessage, translateError, type ErrorCode, type Message, type Ticket, type User } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { useTexts } from '../app/i18n.js';
import type { MessageDialog } from '../app/inboxUi.js';

export interface MessageActionsOptions {
  api: ApiClient;
  user: User;
  ticket: Pick<Ticket, 'status' | 'userId'>;
  messages: Message[];
  /** Messages picked for a forward. */
  marked: string[];
  onMark(messageId: string): void;
  onDialog(dialog: MessageDialog, messageIds: string[]): void;
  /** Starts editing the message in the composer. */
  onEdit(message: Message): void;
  onUpdate(message: Message): void;
  onNotice(text: string): void;
  onError(error: unknown): void;
}

export function useMessageActions(options: MessageActionsOptions) {
  const { api, user, marked, onNotice } = options;
  const { t, i18n } = useTexts();
  const refuse = (code: ErrorCode) => onNotice(translateError(i18n, code));

  function edit(message: Message) {
    const refusal = editRefusal(message, user.id);
    if (refusal) refuse(refusal);
    else options.onEdit(message);
  }

  function remove(message: Message) {
    if (!mayDeleteMessage(message, user)) refuse('ERR_NO_PERMISSION');
    else if (message.isDeleted) refuse('ERR_MESSAGE_DELETED');
    else options.onDialog('deleteMessage', [message.id]);
  }

  function mark(message: Message) {
    if (!mayForward(message)) onNotice(t('tui.messageActions.notForwardable'));
    else if (!marked.includes(message.id) && marked.length >= FORWARD_MAX_MESSAGES) onNotice(t('tui.messageActions.tooMany', { max: FORWARD_MAX_MESSAGES }));
    else options.onMark(message.id);
  }

  function forward(message: Message) {
    // Picked ones go in the conversation's order, as they were written.
    const picked = options.messages.filter((candidate) => marked.includes(candidate.id)).map((candidate) => candidate.id);
    if (picked.length > 0) options.onDialog('forward', picked);
    else if (mayForward(message)) options.onDialog('forward', [message.id]);
    else onNotice(t('tui.messageActions.notForwardable'));
  }

  function retry(message: Message) {
    if (!message.sendFailed) refuse('ERR_MESSAGE_NOT_FAILED');
    else if (!mayRetryMessage(message, options.ticket, user)) refuse(options.ticket.status === 'open' ? 'ERR_NO_PERMISSION' : 'ERR_TICKET_NOT_OPEN');
    else {
      api.messages.retry(message.id).then((updated) => {
        options.onUpdate(updated);
        onNotice(t('tui.messageActions.retried'));
      }, options.onError);
    }
  }

  /** Handles the key when it is one of the message's; false otherwise. */
  function onKey(input: string, message: Message): boolean {
    const actions: Record<string, () => void> = {
      '+': () => options.onDialog('react', [message.id]),
      e: () => edit(message),
      D: () => remove(message),
      ' ': () => mark(message),
      '>': () => forward(message),
      R: () => retry(message),
    };
    const action = actions[input];
    action?.();
    return action !== undefined;
  }

  /** Saves an edit; true when the server took it (after WhatsApp's 15 minutes it says why not). */
  function saveEdit(message: Message, body: string): Promise<boolean> {
    return api.messages.edit(message.id, body).then(
      (updated) => {
        options.onUpdate(updated);
        onNotice(t('tui.messageActions.edited'));
        return true;
      },
      (error: unknown) => {
        options.onError(error);
        return false;
      },
    );
  }

  return { onKey, saveEdit };
}
