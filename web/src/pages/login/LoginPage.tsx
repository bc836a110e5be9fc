/** /login (document 1 sections 2 and 4): e-mail and password; expired or ending subscriptions are told. */
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { loginSchema } from '@atende/shared';
import type { Credentials } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { useLanguage } from '../../app/language.js';
import { subscriptionExpiredText } from '../../app/subscription.js';
import { AFTER_LOGIN } from '../../app/routes.js';
import { Button } from '../../ui/controls.js';
import { TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { PublicLayout, PublicLinks } from '../public/PublicLayout.js';

export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useApi();
  const { adopt } = useLanguage();
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<Credentials>(loginSchema);

  const submit = async (values: Credentials) => {
    try {
      const answer = await login({ email: values.email.trim(), password: values.password });
      adopt(answer.user.language);
      if (answer.dueWarningDays !== undefined) toast.warning(t('auth.subscriptionEndsSoon', { count: answer.dueWarningDays }));
      navigate(AFTER_LOGIN);
    } catch (error) {
      const expired = subscriptionExpiredText(t, error);
      if (expired) toast.error(expired);
      else showError(error);
    }
  };

  return (
    <PublicLayout title={t('web.login.title')}>
      <Form<Credentials> onSubmit={submit} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextField name="email" label={t('web.login.email')} type="email" autoComplete="email" autoFocus />
            <TextField name="password" label={t('web.login.password')} type="password" autoComplete="current-password" />
            <Button type="submit" disabled={submitting} style={{ width: '100%' }}>
              {t('web.login.submit')}
            </Button>
          </form>
        )}
      </Form>
      <PublicLinks>
        <Link to="/signup">{t('web.login.signupLink')}</Link>
      </PublicLinks>
    </PublicLayout>
  );
}
