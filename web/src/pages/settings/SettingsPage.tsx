/**
 * /settings (document 2 section 2): options; schedules when scheduleType is company; companies,
 * plans and helps for super users. Settings changed elsewhere arrive on the settings channel.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Setting } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Spinner } from '../../ui/controls.js';
import { PageFrame, PageHeader, Paper } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { Tabs } from '../queues/Tabs.js';
import OptionsTab from './OptionsTab.js';
import SchedulesTab from './SchedulesTab.js';

// The super users' tabs load on demand.
const SUPER_TABS = {
  companies: lazy(() => import('./CompaniesTab.js')),
  plans: lazy(() => import('./PlansTab.js')),
  helps: lazy(() => import('./HelpsTab.js')),
  pix: lazy(() => import('./PixTab.js')),
  mail: lazy(() => import('./MailTab.js')),
};

type SuperTab = keyof typeof SUPER_TABS;
type SettingsTab = 'options' | 'schedules' | SuperTab;

function isSuperTab(tab: SettingsTab): tab is SuperTab {
  return tab in SUPER_TABS;
}

function put(settings: Setting[], setting: Setting): Setting[] {
  return settings.some((existing) => existing.key === setting.key) ? settings.map((existing) => (existing.key === setting.key ? setting : existing)) : [...settings, setting];
}

function SuperTabView({ tab }: { tab: SuperTab }) {
  const View = SUPER_TABS[tab];
  return (
    <Suspense fallback={<Spinner $size={24} />}>
      <View />
    </Suspense>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const showError = useErrorToast();
  const [settings, setSettings] = useState<Setting[] | null>(null);
  const [tab, setTab] = useState<SettingsTab>('options');

  useEffect(() => {
    api.settings.list().then(setSettings, showError);
  }, [api, showError]);

  useChannel<{ action: string; setting: Setting }>('settings', (event) => setSettings((current) => (current ? put(current, event.setting) : current)));

  const companySchedules = settings?.some((setting) => setting.key === 'scheduleType' && setting.value === 'company') ?? false;
  const tabs: { key: SettingsTab; label: string }[] = [
    { key: 'options', label: t('web.backoffice.settings.options') },
    ...(companySchedules ? [{ key: 'schedules' as const, label: t('web.backoffice.settings.schedules') }] : []),
    ...(me.super ? (Object.keys(SUPER_TABS) as SuperTab[]).map((key) => ({ key, label: key === 'pix' ? t('web.finance.pix.tab') : t(`web.backoffice.settings.${key}`) })) : []),
  ];
  const shown = tabs.some((candidate) => candidate.key === tab) ? tab : 'options';

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.settings')} />
      <Paper style={{ padding: 16 }}>
        <Tabs<SettingsTab> tabs={tabs} selected={shown} onSelect={setTab} />
        {settings === null ? <Spinner $size={24} /> : null}
        {settings && shown === 'options' ? <OptionsTab settings={settings} onChanged={(setting) => setSettings((current) => put(current ?? [], setting))} /> : null}
        {shown === 'schedules' ? <SchedulesTab /> : null}
        {isSuperTab(shown) ? <SuperTabView tab={shown} /> : null}
      </Paper>
    </PageFrame>
  );
}
