/**
 * The delivery log of an n8n or webhook integration (admins): each event POSTed, newest first, with
 * its status and every attempt (when, the answer's status code or the error, how long it took),
 * the event's body on demand, and the next attempt of a pending one. It follows the company's
 * `queueIntegration` channel: a delivery made or retried elsewhere shows at once.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { IntegrationDelivery, QueueIntegration, QueueIntegrationEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, Spinner } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { useErrorToast } from '../../ui/toast.js';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.border};
  }
  header {
    display: flex;
    gap: 8px;
    align-items: baseline;
    flex-wrap: wrap;
  }
  ul {
    margin: 6px 0 0;
    padding-left: 18px;
    font-size: 12px;
    color: ${({ theme }) => theme.textSecondary};
  }
  pre {
    max-height: 200px;
    overflow: auto;
    font-size: 12px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Status = styled.strong<{ $status: IntegrationDelivery['status'] }>`
  color: ${({ theme, $status }) => ($status === 'delivered' ? theme.success : $status === 'failed' ? theme.error : theme.warning)};
`;

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function DeliveriesDialog({ integration, onClose }: { integration: QueueIntegration; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [deliveries, setDeliveries] = useState<IntegrationDelivery[] | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  const load = useCallback(
    (page: number) => {
      api.queueIntegrations.deliveries(integration.id, { pageNumber: page }).then((answer) => {
        setDeliveries((current) => (page === 1 ? answer.deliveries : [...(current ?? []), ...answer.deliveries.filter((delivery) => !current?.some((known) => known.id === delivery.id))]));
        setHasMore(answer.hasMore);
        setPageNumber(page);
      }, showError);
    },
    [api, integration.id, showError],
  );

  useEffect(() => load(1), [load]);
  useChannel<QueueIntegrationEvent>('queueIntegration', (event) => {
    if (event.action === 'delivery' && event.integrationId === integration.id) load(1);
  });

  return (
    <Dialog title={t('web.queueIntegrations.deliveriesTitle', { name: integration.name })} onClose={onClose} width={720}>
      <Button $variant="outlined" onClick={() => load(1)}>
        {t('web.queueIntegrations.refresh')}
      </Button>
      {deliveries === null ? <Spinner $size={20} /> : null}
      {deliveries?.length === 0 ? <p>{t('web.queueIntegrations.deliveriesEmpty')}</p> : null}
      <List aria-label={t('web.queueIntegrations.deliveries')}>
        {(deliveries ?? []).map((delivery) => (
          <li key={delivery.id} data-delivery={delivery.id} data-status={delivery.status}>
            <header>
              <Status $status={delivery.status}>{t(`web.queueIntegrations.deliveryStatus.${delivery.status}`)}</Status>
              <span>{when(delivery.createdAt)}</span>
              {delivery.nextAttemptAt ? <span>{t('web.queueIntegrations.nextAttempt', { at: when(delivery.nextAttemptAt) })}</span> : null}
            </header>
            <ul aria-label={t('web.queueIntegrations.attempts')}>
              {delivery.attempts.map((attempt, index) => (
                <li key={index} data-attempt={attempt.statusCode ?? 'none'}>
                  {t('web.queueIntegrations.attempt', { at: when(attempt.at), status: attempt.error ?? attempt.statusCode ?? t('web.queueIntegrations.noAnswer'), duration: attempt.durationMs })}
                </li>
              ))}
            </ul>
            <details>
              <summary>{t('web.queueIntegrations.showBody')}</summary>
              <pre>{pretty(delivery.body)}</pre>
            </details>
          </li>
        ))}
      </List>
      {hasMore ? (
        <Button $variant="text" onClick={() => load(pageNumber + 1)}>
          {t('web.queueIntegrations.loadMore')}
        </Button>
      ) : null}
    </Dialog>
  );
}
