/**
 * New ticket (document 1 sections 5 and 8): contact search from 3 characters, a queue (required
 * unless admin) and a connection (required); an open ticket of the same contact as useStartTicket
 * says.
 */
import { formatPhoneNumber } from '@atende/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, Queue } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { Button } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { FieldBox, FieldError } from '../../ui/form.js';
import { useErrorToast } from '../../ui/toast.js';
import { SearchPicker } from './SearchPicker.js';
import { isAdmin } from './ticketRules.js';
import { useStartTicket } from './useStartTicket.js';

export default function NewTicketModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const showError = useErrorToast();
  const { whatsapps } = useWhatsapps();
  const queueField = useId();
  const whatsappField = useId();
  const [contact, setContact] = useState<Contact | null>(null);
  const [queues, setQueues] = useState<Queue[]>([]);
  const [queueId, setQueueId] = useState('');
  const [whatsappId, setWhatsappId] = useState(user.whatsappId ?? '');
  const { start, dialog } = useStartTicket();
  const admin = isAdmin(user);

  useEffect(() => {
    api.queues
      .list()
      .then((all) => setQueues(admin ? all : all.filter((queue) => user.queueIds.includes(queue.id))))
      .catch(showError);
  }, [api, admin, user.queueIds, showError]);

  const queueMissing = !admin && !queueId;
  const ready = contact !== null && whatsappId !== '' && !queueMissing;

  const submit = async () => {
    if (contact && (await start({ contactId: contact.id, queueId: queueId || null, whatsappId, userId: user.id, status: 'open' }))) onClose();
  };

  return (
    <Dialog
      title={t('web.inbox.newTicket.title')}
      onClose={onClose}
      actions={
        <>
          <Button $variant="outlined" onClick={onClose}>
            {t('web.common.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!ready} data-submit="newTicket">
            {t('web.inbox.newTicket.submit')}
          </Button>
        </>
      }
    >
      <SearchPicker<Contact>
        label={t('web.inbox.newTicket.contact')}
        name="contact"
        search={(text) => api.contacts.page({ searchParam: text }).then((page) => page.contacts)}
        describe={(found) => `${found.name} - ${formatPhoneNumber(found.number, found.isGroup)}`}
        value={contact}
        onChange={setContact}
        onError={showError}
      />
      <FieldBox>
        <label htmlFor={queueField}>{t('web.inbox.newTicket.queue')}</label>
        <select id={queueField} name="queueId" value={queueId} aria-invalid={queueMissing} onChange={(event) => setQueueId(event.target.value)}>
          <option value="">{t('web.inbox.newTicket.chooseQueue')}</option>
          {queues.map((queue) => (
            <option key={queue.id} value={queue.id}>
              {queue.name}
            </option>
          ))}
        </select>
        {queueMissing ? <FieldError>{t('web.inbox.newTicket.chooseQueue')}</FieldError> : null}
      </FieldBox>
      <FieldBox>
        <label htmlFor={whatsappField}>{t('web.inbox.newTicket.whatsapp')}</label>
        <select id={whatsappField} name="whatsappId" value={whatsappId} onChange={(event) => setWhatsappId(event.target.value)}>
          <option value="">{t('web.inbox.newTicket.chooseWhatsapp')}</option>
          {whatsapps.map((whatsapp) => (
            <option key={whatsapp.id} value={whatsapp.id}>
              {whatsapp.name}
            </option>
          ))}
        </select>
      </FieldBox>
      {dialog}
    </Dialog>
  );
}
