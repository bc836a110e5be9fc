/**
 * /login (document 1 sections 2 and 4): e-mail and password (with a show-password button);
 * missing fields are named at each field and a refused sign-in is said at the form itself, with
 * the expired subscription's date when that is why; an ending subscription is warned.
 */
import { FORM_ERROR } from 'final-form';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema } from '@atende/shared';
import type { Credentials } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { useLanguage } from '../../app/language.js';
import { subscriptionExpiredText } from '../../app/subscription.js';
import { AFTER_LOGIN } from '../../app/routes.js';
import { Button } from '../../ui/controls.js';
import { FormAlert, PasswordField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorText, useToast } from '../../ui/toast.js';
import { PublicLayout, PublicLinks } from '../public/PublicLayout.js';

export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useApi();
  const { adopt } = useLanguage();
  const navigate = useNavigate();
  // A sign-up link's company (/signup?companyId=) survives a detour through the login page.
  const companyId = useSearchParams()[0].get('companyId');
  const toast = useToast();
  const errorText = useErrorText();
  const validate = useSchemaValidator<Credentials>(loginSchema);

  const submit = async (values: Credentials) => {
    try {
      const answer = await login({ email: values.email.trim(), password: values.password });
      adopt(answer.user.language);
      if (answer.dueWarningDays !== undefined) toast.warning(t('auth.subscriptionEndsSoon', { count: answer.dueWarningDays }));
      navigate(AFTER_LOGIN);
      return undefined;
    } catch (error) {
      return { [FORM_ERROR]: subscriptionExpiredText(t, error) ?? errorText(error) };
    }
  };

  return (
    <PublicLayout title={t('web.login.title')}>
      <Form<Credentials> onSubmit={submit} validate={validate}>
        {({ handleSubmit, submitting, submitError, dirtySinceLastSubmit }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.login.title')}>
            <TextField name="email" label={t('web.login.email')} type="email" autoComplete="email" autoFocus />
            <PasswordField name="password" label={t('web.login.password')} autoComplete="current-password" />
            {submitError && !dirtySinceLastSubmit ? (
              <FormAlert role="alert" data-login-error>
                {String(submitError)}
              </FormAlert>
            ) : null}
            <Button type="submit" disabled={submitting} style={{ width: '100%' }}>
              {t('web.login.submit')}
            </Button>
          </form>
        )}
      </Form>
      <PublicLinks>
        <Link to={companyId ? `/signup?companyId=${encodeURIComponent(companyId)}` : '/signup'}>{t('web.login.signupLink')}</Link>
        <Link to={companyId ? `/forgetpsw?companyId=${encodeURIComponent(companyId)}` : '/forgetpsw'}>{t('web.login.forgotLink')}</Link>
      </PublicLinks>
    </PublicLayout>
  );
}
