/**
 * /queue-integration (document 3 section 2; plan useIntegrations): the company's integrations,
 * searchable, with an icon by type, id, name and edit/delete; the n8n and webhook ones also open
 * their delivery log. Without the plan flag the user is told so and sent to / after a second.
 * Live on the company's `queueIntegration` channel.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { isWebhookType, queueIntegrationsPageTexts, type QueueIntegration, type QueueIntegrationEvent, type QueueIntegrationType, type QueueIntegrationWithSecret } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { usePageTexts } from '../../app/lazyTexts.js';
import { usePlanGate } from '../../app/usePlanGate.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { Icon, type IconName } from '../../ui/icons.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';
import { DeliveriesDialog } from './DeliveriesDialog.js';
import QueueIntegrationModal from './QueueIntegrationModal.js';
import { SecretDialog } from './SecretDialog.js';

const ICONS: Record<QueueIntegrationType, IconName> = { dialogflow: 'smile', n8n: 'integrations', webhook: 'send', typebot: 'chats', flowbuilder: 'flows' };

const TypeCell = styled.td`
  width: 48px;
  color: ${({ theme }) => theme.accent};
`;

const Id = styled.td`
  font-family: ui-monospace, monospace;
  font-size: 12px;
  color: ${({ theme }) => theme.textSecondary};
`;

function Page() {
  const { t } = useTranslation();
  const { api } = useApi();
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<QueueIntegration | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<QueueIntegration | null>(null);
  const { search, setSearch, list, scroll, deletion } = useLiveList<QueueIntegration, QueueIntegrationEvent>({
    fetchPage: (query) => api.queueIntegrations.page(query).then((page) => ({ items: page.queueIntegrations, hasMore: page.hasMore })),
    channel: 'queueIntegration',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.integrationId } : event.action === 'delivery' ? null : { put: event.queueIntegration }),
    remove: api.queueIntegrations.remove,
    deletedText: t('web.queueIntegrations.deleted'),
    order: (a, b) => a.name.localeCompare(b.name),
  });

  const saved = (integration: QueueIntegrationWithSecret) => {
    const { newWebhookSecret, ...shown } = integration;
    list.upsert(shown);
    if (newWebhookSecret) setSecret(newWebhookSecret);
  };

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.integrations')}>
        <SearchField value={search} onChange={setSearch} />
        <Button onClick={() => setEditing(null)}>{t('web.queueIntegrations.add')}</Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.queueIntegrations.type')}</th>
              <th>{t('web.queueIntegrations.id')}</th>
              <th>{t('web.queueIntegrations.name')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((integration) => (
              <tr key={integration.id} data-integration={integration.name} data-type={integration.type}>
                <TypeCell>
                  <span role="img" aria-label={t(`web.queueIntegrations.types.${integration.type}`)} title={t(`web.queueIntegrations.types.${integration.type}`)}>
                    <Icon name={ICONS[integration.type]} />
                  </span>
                </TypeCell>
                <Id>{integration.id}</Id>
                <td>{integration.name}</td>
                <td className="actions">
                  {isWebhookType(integration.type) ? <IconButton icon="inbox" label={t('web.queueIntegrations.deliveries')} onClick={() => setLog(integration)} /> : null}
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(integration)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(integration)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={4} text={t('web.empty.integrations')} search={search} action={<Button onClick={() => setEditing(null)}>{t('web.queueIntegrations.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <QueueIntegrationModal integration={editing} onClose={() => setEditing(undefined)} onSaved={saved} /> : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
      {log ? <DeliveriesDialog integration={log} onClose={() => setLog(null)} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.queueIntegrations.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.queueIntegrations.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}

/** The page's texts under web.queueIntegrations, beside the type names, pickers and conversation line (first load). */
const PAGE_TEXTS = {
  pt: { queueIntegrations: queueIntegrationsPageTexts.pt },
  en: { queueIntegrations: queueIntegrationsPageTexts.en },
  es: { queueIntegrations: queueIntegrationsPageTexts.es },
};

export default function QueueIntegrationsPage() {
  usePageTexts(PAGE_TEXTS);
  const allowed = usePlanGate('useIntegrations', 'web.queueIntegrations.unauthorized');
  return allowed ? <Page /> : null;
}
