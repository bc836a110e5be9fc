/** /queues (document 2 section 2): every queue of the company, add/edit dialog, delete, live updates. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Queue, QueueEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, StatusRow, Table } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useDeletion } from '../../ui/useDeletion.js';
import QueueModal from './QueueModal.js';

function put(queues: Queue[], queue: Queue): Queue[] {
  const next = queues.some((existing) => existing.id === queue.id) ? queues.map((existing) => (existing.id === queue.id ? queue : existing)) : [...queues, queue];
  return next.sort((a, b) => (a.orderQueue ?? Infinity) - (b.orderQueue ?? Infinity) || a.name.localeCompare(b.name));
}

export default function QueuesPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [queues, setQueues] = useState<Queue[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  useEffect(() => {
    api.queues.list().then((list) => setQueues(list.reduce(put, [])), showError);
  }, [api, showError]);

  useChannel<QueueEvent>('queue', (event) => {
    if (event.action === 'delete') setQueues((current) => current?.filter((queue) => queue.id !== event.queueId) ?? current);
    else setQueues((current) => (current ? put(current, event.queue) : current));
  });

  const deletion = useDeletion<Queue>(api.queues.remove, (id) => setQueues((current) => current?.filter((queue) => queue.id !== id) ?? current), t('web.backoffice.queues.deleted'));

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.queues')}>
        <Button onClick={() => setEditing('')}>{t('web.backoffice.queues.add')}</Button>
      </PageHeader>
      <Paper>
        <Table>
          <thead>
            <tr>
              <th>{t('web.backoffice.queues.name')}</th>
              <th>{t('web.backoffice.queues.orderQueue')}</th>
              <th>{t('web.backoffice.queues.greetingMessage')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(queues ?? []).map((queue) => (
              <tr key={queue.id} data-queue={queue.name}>
                <td>
                  <Chip $color={queue.color}>{queue.name}</Chip>
                </td>
                <td>{queue.orderQueue ?? ''}</td>
                <td>{queue.greetingMessage}</td>
                <td className="actions">
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(queue.id)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(queue)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={queues === null} empty={queues?.length === 0} colSpan={4} text={t('web.empty.queues')} action={<Button onClick={() => setEditing('')}>{t('web.backoffice.queues.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {editing !== null ? <QueueModal queueId={editing || null} onClose={() => setEditing(null)} onSaved={(queue) => setQueues((current) => put(current ?? [], queue))} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.backoffice.queues.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.backoffice.queues.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
