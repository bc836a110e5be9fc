/**
 * Settings tab of super users: the SMTP server password reset codes (and connection alerts) are
 * e-mailed through. The stored password is never shown; leaving the field empty keeps it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_SUBMIT_DELAY_SLOW_MS, mailSettingsSchema, type MailSettings } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button, Spinner } from '../../ui/controls.js';
import { Form } from '../../ui/DelayedForm.js';
import { SwitchField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

type MailValues = Omit<MailSettings, 'passwordSet' | 'source'> & { password?: string };

export default function MailTab() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<MailValues>(mailSettingsSchema);
  const [settings, setSettings] = useState<MailSettings | null>(null);

  useEffect(() => {
    api.settings.smtp().then(setSettings, showError);
  }, [api, showError]);

  const submit = async (values: MailValues) => {
    try {
      const { password, ...server } = values;
      setSettings(await api.settings.setSmtp({ ...server, port: Number(server.port), ...(password ? { password } : {}) }));
      toast.success(t('web.backoffice.mail.saved'));
    } catch (error) {
      showError(error);
    }
  };

  if (!settings) return <Spinner $size={24} />;
  const { passwordSet, source, ...initial } = settings;
  return (
    <Form<MailValues> submitDelay={FORM_SUBMIT_DELAY_SLOW_MS} onSubmit={submit} validate={validate} initialValues={initial}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.mail.form')} style={{ maxWidth: 520 }}>
          <p data-mail-source={source ?? 'none'}>{t(`web.backoffice.mail.source.${source ?? 'none'}`)}</p>
          <TextField name="host" label={t('web.backoffice.mail.host')} placeholder="smtp.example.com" />
          <TextField name="port" label={t('web.backoffice.mail.port')} type="number" inputMode="numeric" parse={(value) => (value === '' ? undefined : Number(value))} />
          <SwitchField name="secure" label={t('web.backoffice.mail.secure')} />
          <TextField name="user" label={t('web.backoffice.mail.user')} autoComplete="off" />
          <TextField name="password" label={t('web.backoffice.mail.password')} type="password" autoComplete="new-password" parse={(value) => value || undefined} />
          <p>{t(passwordSet ? 'web.backoffice.mail.passwordSet' : 'web.backoffice.mail.passwordUnset')}</p>
          <TextField name="from" label={t('web.backoffice.mail.from')} placeholder="Atende <no-reply@example.com>" />
          <Button type="submit" disabled={submitting}>
            {t('web.common.save')}
          </Button>
        </form>
      )}
    </Form>
  );
}
