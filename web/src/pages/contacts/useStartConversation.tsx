/**
 * Contacts -> start a conversation, as the new-ticket dialog does it (document 1 section 5: a queue
 * is required unless admin): admins start without one; an agent in one queue starts in it; an
 * agent in several is asked which; an agent in none is told to ask an admin.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, Queue } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { FieldBox } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { isAdmin } from '../tickets/ticketRules.js';
import { useStartTicket } from '../tickets/useStartTicket.js';

interface Choice {
  contact: Contact;
  queues: Queue[];
}

export function useStartConversation(): { startWith(contact: Contact): Promise<void>; dialog: ReactNode } {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const { start, dialog: otherOpen } = useStartTicket();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [queueId, setQueueId] = useState('');
  const field = useId();

  const startIn = (contact: Contact, queue: string | null) => start({ contactId: contact.id, queueId: queue, userId: user.id, status: 'open' });

  const startWith = async (contact: Contact) => {
    if (isAdmin(user)) {
      await startIn(contact, null);
      return;
    }
    let mine: Queue[];
    try {
      mine = (await api.queues.list()).filter((queue) => user.queueIds.includes(queue.id));
    } catch (error) {
      showError(error);
      return;
    }
    if (mine.length === 0) toast.error(t('web.backoffice.contacts.noQueue'));
    else if (mine.length === 1) await startIn(contact, mine[0]!.id);
    else {
      setQueueId('');
      setChoice({ contact, queues: mine });
    }
  };

  const close = () => setChoice(null);
  const confirm = async () => {
    if (!choice || !queueId) return;
    close();
    await startIn(choice.contact, queueId);
  };

  const dialog = (
    <>
      {choice ? (
        <Dialog
          title={t('web.backoffice.contacts.startTitle', { name: choice.contact.name })}
          onClose={close}
          width={420}
          actions={
            <>
              <Button $variant="outlined" onClick={close}>
                {t('web.common.cancel')}
              </Button>
              <Button onClick={() => void confirm()} disabled={!queueId} data-submit="startConversation">
                {t('web.backoffice.contacts.start')}
              </Button>
            </>
          }
        >
          <FieldBox>
            <label htmlFor={field}>{t('web.inbox.newTicket.queue')}</label>
            <select id={field} name="queueId" value={queueId} onChange={(event) => setQueueId(event.target.value)}>
              <option value="">{t('web.inbox.newTicket.chooseQueue')}</option>
              {choice.queues.map((queue) => (
                <option key={queue.id} value={queue.id}>
                  {queue.name}
                </option>
              ))}
            </select>
          </FieldBox>
        </Dialog>
      ) : null}
      {otherOpen}
    </>
  );
  return { startWith, dialog };
}
