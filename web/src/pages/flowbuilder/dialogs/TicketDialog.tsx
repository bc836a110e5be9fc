/** The ticket block: the queue the ticket is transferred to (required: 'Adicione uma fila'). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNodeData } from '@atende/shared';
import { useEditorToast } from '../editorToast.js';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';
import { QueueOptions } from './QueueOptions.js';
import { useQueues } from './useQueues.js';

export function TicketDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['ticket']>) {
  const { t } = useTranslation();
  const toast = useEditorToast();
  const queues = useQueues();
  const [queueId, setQueueId] = useState(data?.queueId ?? '');
  const [error, setError] = useState<string>();
  const submit = () => {
    // The block's own queue counts even before the list has loaded.
    const queue = queues.find((candidate) => candidate.id === queueId) ?? (data && queueId === data.queueId ? { id: data.queueId, name: data.name } : undefined);
    if (!queue) {
      setError(t('web.flowEditor.ticket.queueRequired'));
      return toast.error(t('web.flowEditor.ticket.queueRequired'));
    }
    onSave({ queueId: queue.id, name: queue.name });
  };
  return (
    <BlockDialog editing={Boolean(data)} title={t(data ? 'web.flowEditor.ticket.editTitle' : 'web.flowEditor.ticket.addTitle')} onCancel={onCancel} onSubmit={submit}>
      <LabeledField label={t('web.flowEditor.ticket.queue')} name="queueId" error={error}>
        {(id) => (
          <select id={id} name="queueId" value={queueId} onChange={(event) => setQueueId(event.target.value)} autoFocus>
            <QueueOptions queues={queues} empty={t('web.flowEditor.ticket.choose')} />
          </select>
        )}
      </LabeledField>
    </BlockDialog>
  );
}
