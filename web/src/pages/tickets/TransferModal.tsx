/** Transfer a ticket to a queue (required) and optionally a user found by a debounced search. */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Queue, User } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { FieldBox } from '../../ui/form.js';
import { useErrorToast } from '../../ui/toast.js';
import { SearchPicker } from './SearchPicker.js';

interface TransferModalProps {
  onTransfer(queueId: string, userId: string | null): Promise<void>;
  onClose(): void;
}

export default function TransferModal({ onTransfer, onClose }: TransferModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const queueField = useId();
  const [queues, setQueues] = useState<Queue[]>([]);
  const [queueId, setQueueId] = useState('');
  const [user, setUser] = useState<User | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.queues.list().then(setQueues).catch(showError);
  }, [api, showError]);

  const submit = async () => {
    setBusy(true);
    await onTransfer(queueId, user?.id ?? null);
    setBusy(false);
    onClose();
  };

  return (
    <Dialog
      title={t('web.inbox.transfer.title')}
      onClose={onClose}
      actions={
        <>
          <Button $variant="outlined" onClick={onClose}>
            {t('web.common.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!queueId || busy} data-submit="transfer">
            {t('web.inbox.transfer.submit')}
          </Button>
        </>
      }
    >
      <SearchPicker<User>
        label={t('web.inbox.transfer.user')}
        name="transferUser"
        // GET /users is for managers: every agent may read the company's list and pick from it.
        search={(text) => api.users.list().then((users) => users.filter((found) => found.name.toLowerCase().includes(text.toLowerCase())))}
        describe={(found) => found.name}
        value={user}
        onChange={(picked) => {
          setUser(picked);
          // A user's own queue is the natural target: preselect his first one when none is chosen.
          if (picked && !queueId && picked.queueIds[0]) setQueueId(picked.queueIds[0]);
        }}
        onError={showError}
      />
      <FieldBox>
        <label htmlFor={queueField}>{t('web.inbox.transfer.queue')}</label>
        <select id={queueField} name="queueId" value={queueId} onChange={(event) => setQueueId(event.target.value)}>
          <option value="">{t('web.inbox.transfer.chooseQueue')}</option>
          {queues.map((queue) => (
            <option key={queue.id} value={queue.id}>
              {queue.name}
            </option>
          ))}
        </select>
      </FieldBox>
    </Dialog>
  );
}
