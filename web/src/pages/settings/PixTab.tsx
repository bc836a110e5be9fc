/** Settings tab of super users: the platform's Pix receiving account and the payment webhook secret. */
import { useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { FORM_SUBMIT_DELAY_SLOW_MS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { pixSettingsSchema, type PixSettings } from '@atende/shared';
import type { PixSettingsData } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button, Spinner } from '../../ui/controls.js';
import { TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

type PixValues = Partial<PixSettingsData>;

export default function PixTab() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<PixValues>(pixSettingsSchema);
  const [settings, setSettings] = useState<PixSettings | null>(null);

  useEffect(() => {
    api.invoices.pixSettings().then(setSettings, showError);
  }, [api, showError]);

  const submit = async (values: PixValues) => {
    try {
      const { webhookSecret, ...account } = values;
      const saved = await api.invoices.savePixSettings({ ...(account as PixSettingsData), ...(webhookSecret ? { webhookSecret } : {}) });
      setSettings(saved);
      toast.success(t('web.finance.pix.saved'));
    } catch (error) {
      showError(error);
    }
  };

  if (!settings) return <Spinner $size={24} />;
  return (
    <Form<PixValues> submitDelay={FORM_SUBMIT_DELAY_SLOW_MS} onSubmit={submit} validate={validate} initialValues={{ key: settings.key, merchantName: settings.merchantName, city: settings.city }}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={t('web.finance.pix.form')} style={{ maxWidth: 520 }}>
          <TextField name="key" label={t('web.finance.pix.key')} />
          <TextField name="merchantName" label={t('web.finance.pix.merchantName')} />
          <TextField name="city" label={t('web.finance.pix.city')} />
          <TextField name="webhookSecret" label={t('web.finance.pix.webhookSecret')} type="password" autoComplete="new-password" parse={(value) => value || undefined} />
          <p>{t(settings.webhookSecretSet ? 'web.finance.pix.secretSet' : 'web.finance.pix.secretUnset')}</p>
          <Button type="submit" disabled={submitting}>
            {t('web.common.save')}
          </Button>
        </form>
      )}
    </Form>
  );
}
