/**
 * The line under the conversation's header while a queue integration deals with a waiting ticket
 * (ticket.integrationRun): answering the customer, handed over to the agents (and why), or failing
 * (the message waits for an agent). Agents see at a glance why a pending ticket has bot messages.
 */
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@atende/shared';
import { Icon } from '../../ui/icons.js';
import { BannerLine as Line } from './BannerLine.js';

export function IntegrationRunBanner({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const run = ticket.integrationRun;
  if (!run || ticket.status !== 'pending') return null;
  const values = { name: run.name, type: t(`web.queueIntegrations.types.${run.type}`), detail: run.detail ?? '' };
  return (
    <Line role="status" $alert={run.state === 'failed'} data-integration-run={run.state}>
      <Icon name={run.state === 'failed' ? 'alert' : 'integrations'} />
      <span>{t(`web.queueIntegrations.run.${run.state}`, values)}</span>
    </Line>
  );
}
