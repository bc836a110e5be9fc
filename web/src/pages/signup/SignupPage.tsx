/**
 * /signup (document 1 sections 2 and 5): a company on a public plan, with its first admin. A
 * `?companyId=` link records the company it came through, and the links keep it.
 */
import { useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { id as idSchema, signupSchema, type Plan } from '@atende/shared';
import type { CompanySignup } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { formatMoney } from '../../ui/format.js';
import { SelectField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { PublicLayout, PublicLinks } from '../public/PublicLayout.js';
import { maskPhone } from './phoneMask.js';
import { useDelayedNavigate } from '../../ui/useDelayedNavigate.js';

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const redirect = useDelayedNavigate();
  const [params] = useSearchParams();
  // A malformed id in a shared link is ignored rather than refusing the whole form.
  const referrer = params.get('companyId') ?? '';
  const companyId = referrer && !idSchema.validate(referrer).error ? referrer : undefined;
  const keep = companyId ? `?companyId=${companyId}` : '';
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<CompanySignup>(signupSchema);
  const [plans, setPlans] = useState<Plan[]>([]);

  useEffect(() => {
    api.plans.list().then(setPlans, showError);
  }, [api, showError]);

  const planOptions = plans.map((plan) => ({
    value: plan.id,
    label: t('web.signup.planOption', { name: plan.name, users: plan.users, connections: plan.connections, queues: plan.queues, value: formatMoney(plan.value), lng: i18n.language }),
  }));

  const submit = async (values: CompanySignup) => {
    try {
      await api.companies.signup({ ...values, phone: values.phone ?? '', ...(companyId ? { companyId } : {}) });
      toast.success(t('web.signup.created'));
      redirect(`/login${keep}`);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <PublicLayout title={t('web.signup.title')}>
      <Form<CompanySignup> onSubmit={submit} validate={validate}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextField name="name" label={t('web.signup.name')} autoComplete="organization" autoFocus />
            <TextField name="email" label={t('web.signup.email')} type="email" autoComplete="email" />
            <TextField name="phone" label={t('web.signup.phone')} type="tel" autoComplete="tel" placeholder="(99) 99999-9999" parse={maskPhone} />
            <SelectField name="planId" label={t('web.signup.plan')} options={planOptions} empty={t('web.signup.choosePlan')} />
            <TextField name="password" label={t('web.signup.password')} type="password" autoComplete="new-password" />
            <Button type="submit" disabled={submitting} style={{ width: '100%' }}>
              {t('web.signup.submit')}
            </Button>
          </form>
        )}
      </Form>
      <PublicLinks>
        <Link to={`/login${keep}`}>{t('web.signup.loginLink')}</Link>
      </PublicLinks>
    </PublicLayout>
  );
}
