/**
 * Starting a ticket (document 1 section 8, ERR_OTHER_OPEN_TICKET): the new ticket opens. When the
 * contact already has an active ticket, it opens when it is the user's own; otherwise (another
 * user's, or nobody's yet, as the seed does) the error is shown and a dialog names that ticket's
 * user, or says it waits, and its queue.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OtherOpenTicket, TicketCreate } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { useApi, useUser } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { useErrorToast } from '../../ui/toast.js';

export function useStartTicket(): { start(data: TicketCreate): Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const [other, setOther] = useState<OtherOpenTicket | null>(null);

  /** True once a ticket (new or the user's open one) is on its way to the screen. */
  const start = async (data: TicketCreate): Promise<boolean> => {
    try {
      const ticket = await api.tickets.create(data);
      navigate(`/tickets/${ticket.uuid}`);
      return true;
    } catch (error) {
      const open = error instanceof ApiError && error.code === 'ERR_OTHER_OPEN_TICKET' ? (error.data as unknown as OtherOpenTicket) : null;
      if (open?.ticket && open.ticket.userId === user.id) {
        navigate(`/tickets/${open.ticket.uuid}`);
        return true;
      }
      showError(error);
      if (open?.ticket) setOther(open);
      return false;
    }
  };

  const close = () => setOther(null);
  const dialog = other ? (
    <Dialog title={t('web.inbox.newTicket.otherOpenTitle')} onClose={close} width={420} actions={<Button onClick={close}>{t('web.common.close')}</Button>}>
      <p role="alert" data-other-open-ticket>
        {other.ticket.userId
          ? t('web.inbox.newTicket.otherOpen', { user: other.user?.name ?? '-', queue: other.queue?.name ?? '-' })
          : t('web.inbox.newTicket.otherWaiting', { queue: other.queue?.name ?? '-' })}
      </p>
    </Dialog>
  ) : null;

  return { start, dialog };
}
