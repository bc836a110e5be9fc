/**
 * /phrase-lists (document 3 sections 2 and 6): the phrase-triggered flow campaigns with name,
 * status and actions, the create/edit dialog for the profiles that write flows, delete for the
 * profiles that may delete contacts; kept live by the `flowcampaign` channel.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayDeleteContacts, mayWriteFlows, type FlowCampaign, type FlowCampaignEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, StatusRow, Table } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useDeletion } from '../../ui/useDeletion.js';
import PhraseListModal from './PhraseListModal.js';

const byName = (a: FlowCampaign, b: FlowCampaign) => a.name.localeCompare(b.name);

export default function PhraseListsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const showError = useErrorToast();
  const [campaigns, setCampaigns] = useState<FlowCampaign[]>([]);
  const [loading, setLoading] = useState(true);
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<FlowCampaign | null | undefined>(undefined);
  const canDelete = mayDeleteContacts(me);
  const canWrite = mayWriteFlows(me);

  useEffect(() => {
    let active = true;
    api.flows
      .listFlowCampaigns()
      .then((answer) => active && setCampaigns([...answer.flow].sort(byName)), showError)
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [api, showError]);

  const put = useCallback((campaign: FlowCampaign) => setCampaigns((list) => [...list.filter((other) => other.id !== campaign.id), campaign].sort(byName)), []);
  const drop = useCallback((id: string) => setCampaigns((list) => list.filter((campaign) => campaign.id !== id)), []);
  useChannel<FlowCampaignEvent>('flowcampaign', (event) => (event.action === 'delete' ? drop(event.flowCampaignId) : put(event.flowCampaign)));
  const deletion = useDeletion<FlowCampaign>(api.flows.deleteFlowCampaign, drop, t('web.flowbuilders.phraseLists.deleted'));

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.phraseLists')}>
        {canWrite ? <Button onClick={() => setEditing(null)}>{t('web.flowbuilders.phraseLists.add')}</Button> : null}
      </PageHeader>
      <Paper>
        <Table>
          <thead>
            <tr>
              <th>{t('web.flowbuilders.phraseLists.name')}</th>
              <th>{t('web.flowbuilders.phraseLists.status')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => (
              <tr key={campaign.id} data-phrase-campaign={campaign.name}>
                <td>{campaign.name}</td>
                <td data-status={campaign.status}>{t(campaign.status ? 'web.flowbuilders.phraseLists.active' : 'web.flowbuilders.phraseLists.inactive')}</td>
                <td className="actions">
                  {canWrite ? <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(campaign)} /> : null}
                  {canDelete ? <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(campaign)} /> : null}
                </td>
              </tr>
            ))}
            <StatusRow loading={loading} empty={campaigns.length === 0} colSpan={3} text={t('web.empty.phraseLists')} action={canWrite ? <Button onClick={() => setEditing(null)}>{t('web.flowbuilders.phraseLists.add')}</Button> : null} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <PhraseListModal campaign={editing} onClose={() => setEditing(undefined)} onSaved={put} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.flowbuilders.phraseLists.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.flowbuilders.phraseLists.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
