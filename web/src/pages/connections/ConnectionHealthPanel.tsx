/**
 * The health of every connection (issue 21), under the connections table: status with its reason
 * and since when, time connected, last message in and out, reconnects in 24 h, messages recovered
 * after outages, decryption failures, and each connection's recent status changes. Kept live from
 * `whatsappSession`; admins also see the latest "down" and "back" alerts (app/connectionAlerts.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatDuration, type ConnectionHealth } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { formatShortDateTime } from '../../ui/format.js';
import { Table } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';

const TICK_MS = 30_000;

const Panel = styled.section`
  flex-shrink: 0;
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  overflow: auto;
  h2 {
    margin: 0;
    padding: 12px 16px 4px;
    font-size: 16px;
  }
  td[data-field='status'] {
    min-width: 280px;
  }
  details summary {
    cursor: pointer;
    color: ${({ theme }) => theme.textSecondary};
  }
  ol {
    margin: 4px 0 0;
    padding-left: 18px;
    font-size: 13px;
  }
`;

const Alerts = styled.ul`
  margin: 0;
  padding: 4px 16px 8px 32px;
  li[data-action='down'] {
    color: ${({ theme }) => theme.error};
  }
  li[data-action='up'] {
    color: ${({ theme }) => theme.success};
  }
`;

function useTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function ConnectionHealthPanel() {
  const { t } = useTranslation();
  const { api } = useApi();
  const { alerts } = useWhatsapps();
  const showError = useErrorToast();
  const now = useTick();
  const [rows, setRows] = useState<ConnectionHealth[]>([]);

  const load = useCallback(() => {
    api.whatsapp.healthAll().then(setRows, showError);
  }, [api, showError]);
  // Again on every alert: the "back" alert comes with the recovered count now written.
  useEffect(load, [load, now, alerts]);
  useChannel('whatsappSession', load);

  const ago = (iso: string | null) => (iso ? formatDuration(now - Date.parse(iso)) : t('health.fields.never'));
  return (
    <Panel aria-label={t('health.fields.title')}>
      <h2>{t('health.fields.title')}</h2>
      {alerts.length > 0 ? (
        <Alerts data-alerts>
          {alerts.map((alert) => (
            <li key={`${alert.whatsappId}:${alert.action}:${alert.at}`} data-action={alert.action}>
              {`${formatShortDateTime(alert.at)} — ${t(alert.action === 'down' ? 'health.alert.downSubject' : 'health.alert.upSubject', { name: alert.name })}`}
              {alert.action === 'up' ? ` (${t('health.fields.recovered')}: ${alert.recovered})` : ''}
            </li>
          ))}
        </Alerts>
      ) : null}
      <Table>
        <thead>
          <tr>
            <th>{t('web.connections.name')}</th>
            <th>{t('health.fields.status')}</th>
            <th>{t('health.fields.connectedFor')}</th>
            <th>{t('health.fields.lastInbound')}</th>
            <th>{t('health.fields.lastOutbound')}</th>
            <th>{t('health.fields.reconnects24h')}</th>
            <th>{t('health.fields.recovered')}</th>
            <th>{t('health.fields.decryptFailures')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.whatsappId} data-health={row.name}>
              <td>{row.name}</td>
              <td data-field="status">
                <details>
                  <summary>
                    {t(`health.status.${row.status}`)}
                    {row.reason ? ` (${t(`health.reasons.${row.reason}`)})` : ''}
                    {row.statusSince ? ` ${t('health.fields.since')} ${formatShortDateTime(row.statusSince)}` : ''}
                  </summary>
                  <ol aria-label={t('health.fields.timeline')}>
                    {row.timeline.slice(0, 10).map((entry) => (
                      <li key={entry.at + entry.status}>
                        {`${formatShortDateTime(entry.at)} ${t(`health.status.${entry.status}`)}: ${t(`health.reasons.${entry.reason}`)}`}
                        {entry.code === null ? '' : ` (${t('health.fields.code', { code: entry.code })})`}
                      </li>
                    ))}
                  </ol>
                </details>
              </td>
              <td>{row.connectedSince ? formatDuration(now - Date.parse(row.connectedSince)) : '—'}</td>
              <td>{ago(row.lastInboundAt)}</td>
              <td>{ago(row.lastOutboundAt)}</td>
              <td data-field="reconnects24h">{row.reconnects24h}</td>
              <td data-field="recovered">{row.recovered}</td>
              <td data-field="decryptFailures">{row.decryptFailures}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Panel>
  );
}
