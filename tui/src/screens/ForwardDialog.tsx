/**
 * Forwarding messages (issue 23): a contact found by search (3 characters of the name or number),
 * then the server's ticket rules decide where they land (the agent's open ticket with the contact,
 * or a new one); when another agent has the contact, it says who and in which queue. One key per
 * dialog: Enter again after a failure forwards nothing twice.
 */
import { formatPhoneNumber } from '@atende/shared';
import type { Contact, MessageForwardResult, OtherOpenTicket } from '@atende/shared';
import { ApiError, forwardRequestId, type ApiClient } from '@atende/shared/client';
import { Text } from 'ink';
import { useEffect, useReducer, useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { editorActionFor, editorReducer, emptyEditor } from '../state/editor.js';
import { SEARCH_DEBOUNCE_MS } from '../state/useSearch.js';
import { useKeys } from '../ui/keys.js';
import { PickList } from '../ui/PickList.js';
import { TextField } from '../ui/TextField.js';
import { clamp } from '../ui/window.js';
import { Dialog, dialogListRows } from './Dialog.js';

const MIN_SEARCH_CHARS = 3;

export interface ForwardDialogProps {
  api: ApiClient;
  messageIds: string[];
  width: number;
  height: number;
  onDone(result: MessageForwardResult, contact: Contact): void;
  onCancel(): void;
  onError(error: unknown): void;
}

export function ForwardDialog({ api, messageIds, width, height, onDone, onCancel, onError }: ForwardDialogProps) {
  const { t } = useTexts();
  const [requestId] = useState(forwardRequestId);
  const [search, edit] = useReducer(editorReducer, emptyEditor);
  const [found, setFound] = useState<Contact[]>([]);
  const [cursor, setCursor] = useState(0);
  const [sending, setSending] = useState(false);
  const [other, setOther] = useState<OtherOpenTicket | null>(null);
  const term = search.text.trim();
  const at = clamp(cursor, found.length);

  useEffect(() => {
    setFound([]);
    if (term.length < MIN_SEARCH_CHARS) return;
    let current = true;
    const timer = setTimeout(() => {
      api.contacts.page({ searchParam: term }).then((page) => {
        if (current) setFound(page.contacts);
      }, onError);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, term, onError]);

  function forward(contact: Contact) {
    setSending(true);
    setOther(null);
    api.messages.forward({ messageIds, contactId: contact.id, requestId }).then(
      (result) => onDone(result, contact),
      (error: unknown) => {
        setSending(false);
        if (error instanceof ApiError && error.code === 'ERR_OTHER_OPEN_TICKET') setOther(error.data as unknown as OtherOpenTicket);
        onError(error);
      },
    );
  }

  useKeys(
    (input, key) => {
      if (key.upArrow || key.downArrow) setCursor(clamp(at + (key.upArrow ? -1 : 1), found.length));
      else if (key.escape) onCancel();
      else if (key.return) {
        if (found[at]) forward(found[at]!);
      } else {
        const action = editorActionFor(input, key, false);
        if (action) {
          edit(action);
          setCursor(0);
        }
      }
    },
    { isActive: !sending },
  );

  const items = found.map((contact) => ({ id: contact.id, label: `${contact.name} - ${formatPhoneNumber(contact.number, contact.isGroup)}` }));
  return (
    <Dialog title={t('tui.messageActions.forwardTitle', { count: messageIds.length })} hint={t('tui.messageActions.forwardHint')} width={width} height={height}>
      <TextField label={t('tui.messageActions.contact')} state={search} focused={!sending} />
      {term.length < MIN_SEARCH_CHARS ? (
        <Text dimColor>{t('tui.messageActions.searchHint')}</Text>
      ) : (
        <PickList items={items} cursor={at} height={dialogListRows(height, 3)} empty={t('tui.messageActions.noContacts')} />
      )}
      {sending ? <Text dimColor>{t('tui.messageActions.forwarding')}</Text> : null}
      {other ? (
        <Text color="yellow" wrap="truncate">
          {other.ticket.userId
            ? t('tui.messageActions.otherOpen', { user: other.user?.name ?? '-', queue: other.queue?.name ?? '-' })
            : t('tui.messageActions.otherWaiting', { queue: other.queue?.name ?? '-' })}
        </Text>
      ) : null}
    </Dialog>
  );
}
