/**
 * /campaigns-config (document 2 sections 3, 5 and 9): the intervals as selects with their option
 * lists, and the campaign variables (a key is added only if unused).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CAMPAIGN_SETTINGS_DEFAULTS, LONGER_INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS, type CampaignSettings, type CampaignVariable } from '@atende/shared';
import { settingsFromEntries } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button, IconButton, Spinner } from '../../ui/controls.js';
import { FieldBox, FieldError } from '../../ui/form.js';
import { PageFrame, PageHeader, Paper, Table } from '../../ui/Page.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

type Intervals = Omit<CampaignSettings, 'variables'>;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 12px;
`;

export default function CampaignsConfigPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [intervals, setIntervals] = useState<Intervals | null>(null);
  const [variables, setVariables] = useState<CampaignVariable[]>([]);
  const [draft, setDraft] = useState<CampaignVariable>({ key: '', value: '' });
  const [keyInUse, setKeyInUse] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.campaigns.settings().then((entries) => {
      const settings = settingsFromEntries(entries);
      setIntervals({ ...CAMPAIGN_SETTINGS_DEFAULTS, ...settings });
      setVariables(settings.variables ?? []);
    }, showError);
  }, [api, showError]);

  const addVariable = () => {
    const key = draft.key.trim();
    if (!key) return;
    if (variables.some((variable) => variable.key === key)) {
      setKeyInUse(true);
      return;
    }
    setVariables([...variables, { key, value: draft.value }]);
    setDraft({ key: '', value: '' });
    setKeyInUse(false);
  };

  const save = async () => {
    if (!intervals) return;
    setSaving(true);
    try {
      await api.campaigns.saveSettings({ ...intervals, variables });
      toast.success(t('web.campaigns.config.saved'));
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  if (!intervals) return <Spinner $size={24} />;
  const select = (key: keyof Intervals, options: readonly number[], unit: 'seconds' | 'messages') => (
    <FieldBox>
      <label htmlFor={`config-${key}`}>{t(`web.campaigns.config.${key}`)}</label>
      <select id={`config-${key}`} value={intervals[key]} onChange={(event) => setIntervals({ ...intervals, [key]: Number(event.target.value) })}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option === 0 ? t('web.campaigns.config.noInterval') : t(`web.campaigns.config.${unit}`, { count: option })}
          </option>
        ))}
      </select>
    </FieldBox>
  );
  return (
    <PageFrame>
      <PageHeader title={t('web.pages.campaignsConfig')}>
        <Button onClick={() => void save()} disabled={saving}>
          {t('web.campaigns.config.save')}
        </Button>
      </PageHeader>
      <Paper $padded>
        <h3>{t('web.campaigns.config.intervals')}</h3>
        <Row>
          {select('messageInterval', MESSAGE_INTERVAL_OPTIONS, 'seconds')}
          {select('longerIntervalAfter', LONGER_INTERVAL_OPTIONS, 'messages')}
          {select('greaterInterval', LONGER_INTERVAL_OPTIONS, 'seconds')}
        </Row>
        <h3>{t('web.campaigns.config.variables')}</h3>
        <Row>
          <FieldBox>
            <label htmlFor="variable-key">{t('web.campaigns.config.key')}</label>
            <input id="variable-key" value={draft.key} onChange={(event) => setDraft({ ...draft, key: event.target.value.replace(/\W/g, '') })} aria-invalid={keyInUse} />
            {keyInUse ? <FieldError>{t('web.campaigns.config.keyInUse')}</FieldError> : null}
          </FieldBox>
          <FieldBox>
            <label htmlFor="variable-value">{t('web.campaigns.config.value')}</label>
            <input id="variable-value" value={draft.value} onChange={(event) => setDraft({ ...draft, value: event.target.value })} />
          </FieldBox>
          <FieldBox>
            <Button onClick={addVariable}>{t('web.campaigns.config.addVariable')}</Button>
          </FieldBox>
        </Row>
        <Table>
          <thead>
            <tr>
              <th>{t('web.campaigns.config.key')}</th>
              <th>{t('web.campaigns.config.value')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {variables.map((variable) => (
              <tr key={variable.key} data-variable={variable.key}>
                <td>{`{{${variable.key}}}`}</td>
                <td>{variable.value}</td>
                <td className="actions">
                  <IconButton icon="trash" label={t('web.campaigns.config.removeVariable', { key: variable.key })} onClick={() => setVariables(variables.filter((v) => v.key !== variable.key))} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Paper>
    </PageFrame>
  );
}
