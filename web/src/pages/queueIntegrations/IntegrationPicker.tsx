/**
 * The integration a queue or a connection hands its customers to (their dialogs): shown to admins
 * of a company whose plan has integrations; the select names the company's integrations by type.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueIntegration } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { loadAllIntegrations, mayUseIntegrations } from '../../app/integrations.js';
import { SelectField } from '../../ui/form.js';

export function IntegrationPicker({ name = 'integrationId' }: { name?: string }) {
  const { t } = useTranslation();
  const { api, user } = useApi();
  const allowed = mayUseIntegrations(user);
  const [integrations, setIntegrations] = useState<QueueIntegration[]>([]);

  useEffect(() => {
    // Without them (the area off, a failure) the select offers none.
    if (allowed) loadAllIntegrations(api).then(setIntegrations, () => setIntegrations([]));
  }, [api, allowed]);

  if (!allowed) return null;
  const options = integrations.map((integration) => ({ value: integration.id, label: `${integration.name} (${t(`web.queueIntegrations.types.${integration.type}`)})` }));
  return <SelectField name={name} label={t('web.queueIntegrations.picker')} empty={t('web.queueIntegrations.pickerNone')} options={options} />;
}
