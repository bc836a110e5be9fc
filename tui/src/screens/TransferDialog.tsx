/**
 * Transfer (document 1 sections 4 and 5): a queue is required; a user is optional, one of the
 * queue's members. To a queue alone the ticket waits there (pending); with a user, only queue and
 * user change.
 */
import type { Queue, Ticket, User } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { Text } from 'ink';
import { useEffect, useReducer, useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { editorActionFor, editorReducer, emptyEditor } from '../state/editor.js';
import { transferUpdate } from '../state/ticketActions.js';
import { terminalColor } from '../ui/colors.js';
import { PickList } from '../ui/PickList.js';
import { TextField } from '../ui/TextField.js';
import { clamp } from '../ui/window.js';
import { Dialog, dialogListRows } from './Dialog.js';
import { useKeys } from '../ui/keys.js';

const NO_USER = '';

export interface TransferDialogProps {
  api: ApiClient;
  ticket: Ticket;
  width: number;
  height: number;
  onDone(ticket: Ticket): void;
  onCancel(): void;
  onError(error: unknown): void;
}

export function TransferDialog({ api, ticket, width, height, onDone, onCancel, onError }: TransferDialogProps) {
  const { t } = useTexts();
  const [queues, setQueues] = useState<Queue[] | null>(null);
  const [users, setUsers] = useState<User[]>([]);
  const [queue, setQueue] = useState<Queue | null>(null);
  const [cursor, setCursor] = useState(0);
  const [filter, edit] = useReducer(editorReducer, emptyEditor);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    Promise.all([api.queues.list(), api.users.list()]).then(([queueList, userList]) => {
      setQueues(queueList);
      setUsers(userList);
    }, onError);
  }, [api, onError]);

  const needle = filter.text.trim().toLowerCase();
  // The queue's members only; while a name is typed, only those it matches (not "no agent"):
  // Enter then transfers to the first match, never to nobody.
  const members = users.filter((user) => queue && user.queueIds.includes(queue.id));
  const matches = members.filter((user) => user.name.toLowerCase().includes(needle)).map((user) => ({ id: user.id, label: user.name }));
  const userItems = needle ? matches : [{ id: NO_USER, label: t('tui.transfer.noUser') }, ...matches];
  const queueItems = (queues ?? []).map((item) => ({ id: item.id, label: item.name, color: terminalColor(item.color) }));
  const items = queue ? userItems : queueItems;
  const current = clamp(cursor, items.length);

  function submit(userId: string | null) {
    if (!queue) return;
    setSaving(true);
    api.tickets.update(ticket.id, transferUpdate(queue.id, userId)).then(onDone, (error: unknown) => {
      setSaving(false);
      onError(error);
    });
  }

  useKeys(
    (input, key) => {
      if (key.upArrow || key.downArrow) setCursor(clamp(current + (key.upArrow ? -1 : 1), items.length));
      else if (key.escape) {
        if (queue) setQueue(null);
        else onCancel();
      } else if (key.return) {
        if (!queue) {
          const chosen = queues?.[current];
          if (chosen) {
            setQueue(chosen);
            setCursor(0);
          }
        } else if (items[current]) submit(items[current]!.id || null);
      } else if (queue) {
        const action = editorActionFor(input, key, false);
        if (action) {
          edit(action);
          setCursor(0);
        }
      }
    },
    { isActive: !saving },
  );

  const title = queue ? t('tui.transfer.pickUser', { queue: queue.name }) : t('tui.transfer.pickQueue');
  return (
    <Dialog title={`${t('tui.transfer.title')} — ${title}`} hint={t(queue ? 'tui.transfer.userHint' : 'tui.transfer.queueHint')} width={width} height={height}>
      {queue ? <TextField label={t('tui.transfer.filter')} state={filter} focused /> : null}
      {queues === null ? (
        <Text dimColor>{t('tui.list.loading')}</Text>
      ) : (
        <PickList items={items} cursor={current} height={dialogListRows(height, queue ? 1 : 0)} empty={t(queue ? 'tui.transfer.noMatch' : 'tui.transfer.noQueues')} />
      )}
    </Dialog>
  );
}
