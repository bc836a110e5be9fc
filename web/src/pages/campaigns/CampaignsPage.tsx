/** /campaigns (document 2 sections 2 and 4): the list with status and dates, the dialog, delete, cancel, restart, the report. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Campaign, CampaignEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { formatWhen } from '../../ui/format.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLiveList } from '../../ui/useLiveList.js';
import CampaignModal from './CampaignModal.js';

export default function CampaignsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useErrorToast();
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<Campaign | null | undefined>(undefined);
  const { search, setSearch, list, scroll, deletion } = useLiveList<Campaign, CampaignEvent>({
    fetchPage: (query) => api.campaigns.page(query).then((page) => ({ items: page.records, hasMore: page.hasMore })),
    channel: 'campaign',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.id } : { put: event.record }),
    remove: api.campaigns.remove,
    deletedText: t('web.campaigns.deleted'),
  });

  /** Cancel and restart failures show the error in a toast (document 2 section 8). */
  const transition = async (campaign: Campaign, action: 'cancel' | 'restart') => {
    try {
      list.upsert(await api.campaigns[action](campaign.id));
      toast.success(t(action === 'cancel' ? 'web.campaigns.cancelled' : 'web.campaigns.restarted'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.campaigns')}>
        <SearchField value={search} onChange={setSearch} />
        <Button onClick={() => setEditing(null)}>{t('web.campaigns.add')}</Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.campaigns.name')}</th>
              <th>{t('web.campaigns.status')}</th>
              <th>{t('web.campaigns.scheduledAt')}</th>
              <th>{t('web.campaigns.completedAt')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((campaign) => (
              <tr key={campaign.id} data-campaign={campaign.name}>
                <td>{campaign.name}</td>
                <td data-status={campaign.status}>{t(`web.campaigns.statuses.${campaign.status}`)}</td>
                <td>{campaign.scheduledAt ? formatWhen(campaign.scheduledAt) : t('web.campaigns.notScheduled')}</td>
                <td>{campaign.completedAt ? formatWhen(campaign.completedAt) : ''}</td>
                <td className="actions">
                  {campaign.status === 'EM_ANDAMENTO' || campaign.status === 'PROGRAMADA' ? (
                    <IconButton icon="close" label={t('web.campaigns.cancel')} onClick={() => void transition(campaign, 'cancel')} />
                  ) : null}
                  {campaign.status === 'CANCELADA' ? <IconButton icon="refresh" label={t('web.campaigns.restart')} onClick={() => void transition(campaign, 'restart')} /> : null}
                  {campaign.status !== 'INATIVA' ? <IconButton icon="dashboard" label={t('web.campaigns.report')} onClick={() => navigate(`/campaign/${campaign.id}/report`)} /> : null}
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(campaign)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(campaign)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={5} text={t('web.empty.campaigns')} search={search} action={<Button onClick={() => setEditing(null)}>{t('web.campaigns.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <CampaignModal campaign={editing} onClose={() => setEditing(undefined)} onSaved={list.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.campaigns.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.campaigns.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
