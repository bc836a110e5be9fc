/**
 * /campaign/{campaignId}/report (document 2 sections 2 and 9): progress = delivered / contacts with
 * a valid WhatsApp, and the counters, live through the campaign channel; reloaded 5 s after the
 * update that finishes it (the last counters of the run).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Campaign, CampaignEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Spinner } from '../../ui/controls.js';
import { formatWhen } from '../../ui/format.js';
import { PageFrame, PageHeader, Paper } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';

/** Reload delay after the campaign finishes (document 2 section 9). */
export const REPORT_RELOAD_MS = 5_000;

const Bar = styled.div`
  height: 14px;
  border-radius: 7px;
  background: ${({ theme }) => theme.hover};
  overflow: hidden;
  div {
    height: 100%;
    background: ${({ theme }) => theme.accent};
  }
`;

const Counters = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 12px;
  dt {
    font-size: 0.85em;
  }
  dd {
    margin: 0;
    font-size: 1.6em;
    font-weight: 600;
  }
`;

export function progressOf(campaign: Pick<Campaign, 'counters'>): number {
  const { delivered, valid } = campaign.counters;
  return valid === 0 ? 0 : Math.min(100, Math.round((delivered / valid) * 100));
}

export default function CampaignReportPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const { campaignId = '' } = useParams();
  const [campaign, setCampaign] = useState<Campaign | null>(null);

  const load = useCallback(() => api.campaigns.get(campaignId).then(setCampaign, showError), [api, campaignId, showError]);
  useEffect(() => {
    void load();
  }, [load]);
  useChannel<CampaignEvent>('campaign', (event) => {
    if (event.action === 'delete' || event.record.id !== campaignId) return;
    setCampaign(event.record);
    if (event.action === 'update' && event.record.status === 'FINALIZADA') setTimeout(() => void load(), REPORT_RELOAD_MS);
  });

  if (!campaign) return <Spinner $size={24} />;
  const percent = progressOf(campaign);
  const counters = [
    ['contacts', campaign.counters.contacts],
    ['valid', campaign.counters.valid],
    ['delivered', campaign.counters.delivered],
    ['confirmationRequested', campaign.counters.confirmationRequested],
    ['confirmed', campaign.counters.confirmed],
  ] as const;
  return (
    <PageFrame>
      <PageHeader title={`${t('web.pages.campaignReport')}: ${campaign.name}`}>
        <Link to="/campaigns">{t('web.campaigns.reportPage.back')}</Link>
      </PageHeader>
      <Paper $padded>
        <p data-status={campaign.status}>
          {t(`web.campaigns.statuses.${campaign.status}`)}
          {campaign.scheduledAt ? ` · ${t('web.campaigns.scheduledAt')}: ${formatWhen(campaign.scheduledAt)}` : ''}
          {campaign.completedAt ? ` · ${t('web.campaigns.completedAt')}: ${formatWhen(campaign.completedAt)}` : ''}
        </p>
        <h3>{t('web.campaigns.reportPage.progress')}</h3>
        <Bar role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('web.campaigns.reportPage.progress')}>
          <div style={{ width: `${percent}%` }} />
        </Bar>
        <p data-progress={percent}>{t('web.campaigns.reportPage.progressValue', { delivered: campaign.counters.delivered, valid: campaign.counters.valid, percent })}</p>
        <Counters>
          {counters.map(([key, value]) => (
            <div key={key} data-counter={key}>
              <dt>{t(`web.campaigns.reportPage.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Counters>
      </Paper>
    </PageFrame>
  );
}
