/**
 * /forgetpsw (document 3 sections 2, 4, 5, 8): step 1 asks for the e-mail and sends the code; step 2
 * takes the code and the new password twice (each with show/hide). Success goes to /login after the
 * redirect delay. `?companyId=` is kept on the link back to /signup. Without e-mail on this server
 * the page says so instead of asking for anything.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { forgetPasswordFormSchema, resetPasswordFormSchema } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Form } from '../../ui/DelayedForm.js';
import { FormAlert, PasswordField, TextField, useSchemaValidator, type ProblemTexts } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useDelayedNavigate } from '../../ui/useDelayedNavigate.js';
import { PublicLayout, PublicLinks } from '../public/PublicLayout.js';

interface ResetValues {
  email: string;
  token?: string;
  newPassword?: string;
  confirmPassword?: string;
}

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const redirect = useDelayedNavigate();
  const companyId = useSearchParams()[0].get('companyId');
  const signupLink = companyId ? `/signup?companyId=${encodeURIComponent(companyId)}` : '/signup';
  /** null while asking the server whether it can e-mail. */
  const [configured, setConfigured] = useState<boolean | null>(null);
  /** The e-mail the code went to: step 2. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const texts = useMemo<ProblemTexts>(
    () => ({
      token: { 'validation.invalid': 'web.forgetPassword.codeFormat', 'validation.tooShort': 'web.forgetPassword.codeFormat' },
      newPassword: { 'validation.invalid': 'web.forgetPassword.weak', 'validation.tooShort': 'web.forgetPassword.weak' },
      confirmPassword: { 'validation.invalid': 'web.forgetPassword.mismatch' },
    }),
    [],
  );
  const validateEmail = useSchemaValidator<ResetValues>(forgetPasswordFormSchema);
  const validateReset = useSchemaValidator<ResetValues>(resetPasswordFormSchema, texts);

  useEffect(() => {
    api.passwordReset.availability().then((answer) => setConfigured(answer.configured), showError);
  }, [api, showError]);

  const sendCode = async (email: string) => {
    try {
      await api.passwordReset.request(email);
      toast.success(t('web.forgetPassword.sent'));
      setSentTo(email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) toast.error(t('web.forgetPassword.notFound'));
      else showError(error);
    }
  };

  const submit = async (values: ResetValues) => {
    if (!sentTo) return sendCode(values.email.trim());
    try {
      await api.passwordReset.reset(sentTo, values.token ?? '', values.newPassword ?? '');
      toast.success(t('web.forgetPassword.updated'));
      redirect('/login');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <PublicLayout title={t('web.forgetPassword.title')}>
      {configured === false ? (
        <FormAlert role="alert" data-reset-unavailable>
          {t('web.forgetPassword.notConfigured')}
        </FormAlert>
      ) : (
        <Form<ResetValues> onSubmit={submit} validate={sentTo ? validateReset : validateEmail} initialValues={{ email: '' }}>
          {({ handleSubmit, submitting, values }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={t('web.forgetPassword.title')} data-step={sentTo ? 'reset' : 'email'}>
              <TextField name="email" label={t('web.forgetPassword.email')} type="email" autoComplete="email" autoFocus={!sentTo} disabled={Boolean(sentTo)} />
              {sentTo ? (
                <>
                  <TextField name="token" label={t('web.forgetPassword.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
                  <PasswordField name="newPassword" label={t('web.forgetPassword.newPassword')} autoComplete="new-password" />
                  <PasswordField name="confirmPassword" label={t('web.forgetPassword.confirmPassword')} autoComplete="new-password" />
                  <p>{t('web.forgetPassword.rules')}</p>
                </>
              ) : null}
              <Button type="submit" disabled={submitting || configured === null} style={{ width: '100%' }}>
                {t(sentTo ? 'web.forgetPassword.submit' : 'web.forgetPassword.send')}
              </Button>
              {sentTo ? (
                <Button $variant="text" disabled={submitting} onClick={() => void sendCode(values.email.trim())} style={{ width: '100%' }}>
                  {t('web.forgetPassword.resend')}
                </Button>
              ) : null}
            </form>
          )}
        </Form>
      )}
      <PublicLinks>
        <Link to="/login">{t('web.forgetPassword.loginLink')}</Link>
        <Link to={signupLink}>{t('web.forgetPassword.signupLink')}</Link>
      </PublicLinks>
    </PublicLayout>
  );
}
