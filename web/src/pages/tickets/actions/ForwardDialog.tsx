/**
 * Forwarding the picked messages (loaded on first use): a contact found by search (3 letters),
 * then the server's ticket rules decide where they land (the agent's open ticket with the
 * contact, or a new one). The agent stays in the conversation they were in; the toast that says
 * where the messages went opens that chat on request. When another agent has the contact, it says
 * who and in which queue.
 * One key per dialog: pressing Forward again after a failure forwards nothing twice.
 */
import { formatPhoneNumber } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Contact, OtherOpenTicket, Ticket } from '@atende/shared';
import { ApiError, forwardRequestId } from '@atende/shared/client';
import { useApi } from '../../../app/api.js';
import { Button } from '../../../ui/controls.js';
import { Dialog } from '../../../ui/Dialog.js';
import { useErrorToast, useToast } from '../../../ui/toast.js';
import { SearchPicker } from '../SearchPicker.js';

/** Long enough to reach the toast's "Open chat". */
const FORWARDED_TOAST_MS = 6_000;

export default function ForwardDialog({ messageIds, onClose, onDone }: { messageIds: string[]; onClose(): void; onDone(landed: Ticket): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const [requestId] = useState(forwardRequestId);
  const [contact, setContact] = useState<Contact | null>(null);
  const [sending, setSending] = useState(false);
  const [other, setOther] = useState<OtherOpenTicket | null>(null);

  const forward = async () => {
    if (!contact) return;
    setSending(true);
    setOther(null);
    try {
      const { ticket } = await api.messages.forward({ messageIds, contactId: contact.id, requestId });
      toast.success(t('web.messageActions.forwardedTo', { name: contact.name, count: messageIds.length }), FORWARDED_TOAST_MS, { label: t('web.messageActions.openForwarded'), run: () => navigate(`/tickets/${ticket.uuid}`) });
      onDone(ticket);
    } catch (error) {
      showError(error);
      if (error instanceof ApiError && error.code === 'ERR_OTHER_OPEN_TICKET') setOther(error.data as unknown as OtherOpenTicket);
      setSending(false);
    }
  };

  return (
    <Dialog
      title={t('web.messageActions.forwardTitle', { count: messageIds.length })}
      onClose={onClose}
      actions={
        <>
          <Button $variant="outlined" onClick={onClose}>
            {t('web.common.cancel')}
          </Button>
          <Button onClick={() => void forward()} disabled={!contact || sending} data-submit="forward">
            {t('web.messageActions.forward')}
          </Button>
        </>
      }
    >
      <SearchPicker<Contact>
        label={t('web.inbox.newTicket.contact')}
        name="forwardContact"
        search={(text) => api.contacts.page({ searchParam: text }).then((page) => page.contacts)}
        describe={(found) => `${found.name} - ${formatPhoneNumber(found.number, found.isGroup)}`}
        value={contact}
        onChange={setContact}
        onError={showError}
      />
      {other ? (
        <p role="alert" data-other-open-ticket>
          {other.ticket.userId
            ? t('web.inbox.newTicket.otherOpen', { user: other.user?.name ?? '-', queue: other.queue?.name ?? '-' })
            : t('web.inbox.newTicket.otherWaiting', { queue: other.queue?.name ?? '-' })}
        </p>
      ) : null}
    </Dialog>
  );
}
