/** The bulk actions on the ticked tickets: accept the pending ones, resolve them all, or clear. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { Button, IconButton } from '../../ui/controls.js';
import { useToast } from '../../ui/toast.js';
import { Toolbar } from './PaneToolbar.js';
import type { TicketActions } from './useTicketActions.js';

const Bar = styled(Toolbar)`
  background: ${({ theme }) => theme.selected};
  strong {
    flex: 1;
    min-width: 0;
  }
`;

export function BulkBar({ tickets, actions, onDone }: { tickets: Ticket[]; actions: TicketActions; onDone(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const pending = tickets.filter((ticket) => ticket.status === 'pending');
  const unresolved = tickets.filter((ticket) => ticket.status !== 'closed');

  const run = async (apply: () => Promise<number>, doneKey: string) => {
    setBusy(true);
    const done = await apply();
    setBusy(false);
    if (done > 0) toast.success(t(doneKey, { count: done }));
    onDone();
  };

  return (
    <Bar role="toolbar" aria-label={t('web.inbox.bulk.label')} data-bulk={tickets.length}>
      <strong>{t('web.inbox.bulk.selected', { count: tickets.length })}</strong>
      {pending.length > 0 ? (
        <Button disabled={busy} onClick={() => void run(() => actions.acceptMany(pending), 'web.inbox.bulk.accepted')} data-bulk-accept>
          {t('web.inbox.bulk.accept', { count: pending.length })}
        </Button>
      ) : null}
      {unresolved.length > 0 ? (
        <Button $variant="outlined" disabled={busy} onClick={() => void run(() => actions.resolveMany(unresolved), 'web.inbox.bulk.resolved')} data-bulk-resolve>
          {t('web.inbox.bulk.resolve', { count: unresolved.length })}
        </Button>
      ) : null}
      <IconButton icon="close" label={t('web.inbox.bulk.clear')} onClick={onDone} />
    </Bar>
  );
}
