/**
 * The checkout (document 2 sections 4 and 5): a wizard of plan, address, customize and review
 * steps, then the Pix payment screen. Back and Pay are hidden on the first step (choosing the plan
 * moves on); the address fields are required by the shared schema; the last step submits.
 */
import { useEffect, useMemo, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CHECKOUT_COUNTRIES, subscriptionSchema, type Invoice, type PaymentResult, type Plan } from '@atende/shared';
import type { CheckoutData } from '@atende/shared/client';
import { useApi, useUser } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Dialog, DialogActions } from '../../ui/Dialog.js';
import { FormRow, SelectField, SwitchField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { formatDay, formatReais } from './format.js';
import PixPayment from './PixPayment.js';

const STEPS = ['plan', 'address', 'customize', 'review'] as const;

type CheckoutValues = Partial<CheckoutData>;

const Steps = styled.ol`
  display: flex;
  gap: 16px;
  padding: 0;
  margin: 0 0 16px;
  list-style: none;
  li[aria-current='step'] {
    font-weight: 700;
    text-decoration: underline;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  dt {
    opacity: 0.7;
  }
  dd {
    margin: 0;
  }
`;

function PlanFacts({ plan, invoice }: { plan: Plan | null; invoice: Invoice }) {
  const { t } = useTranslation();
  return (
    <Facts>
      <dt>{t('web.finance.checkout.value')}</dt>
      <dd data-checkout-value>{formatReais(invoice.value)}</dd>
      {plan ? (
        <>
          <dt>{t('web.finance.checkout.users')}</dt>
          <dd>{plan.users}</dd>
          <dt>{t('web.finance.checkout.connections')}</dt>
          <dd>{plan.connections}</dd>
          <dt>{t('web.finance.checkout.queues')}</dt>
          <dd>{plan.queues}</dd>
        </>
      ) : null}
    </Facts>
  );
}

export default function CheckoutDialog({ invoice, onClose }: { invoice: Invoice; onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<CheckoutValues>(subscriptionSchema);
  const [step, setStep] = useState(0);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [payment, setPayment] = useState<PaymentResult | null>(null);
  // Kept as one object: a new one on each render would re-initialise the form between the steps.
  const initial = useMemo<CheckoutValues>(() => ({ invoiceId: invoice.id, country: 'BR', useAddressForPaymentDetails: true }), [invoice.id]);

  useEffect(() => {
    api.companies.listPlan(me.companyId).then((answer) => setPlan(answer.plan), showError);
  }, [api, me.companyId, showError]);

  const submit = async (values: CheckoutValues) => {
    if (step < STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    try {
      const data = { ...values, invoiceId: invoice.id, plan: plan?.name, users: plan?.users, connections: plan?.connections, price: invoice.value } as CheckoutData;
      setPayment(await api.invoices.checkout(data));
      toast.success(t('web.finance.checkout.success'));
    } catch (error) {
      showError(error);
    }
  };

  if (payment) {
    return (
      <Dialog title={t('web.finance.checkout.pixTitle')} onClose={onClose} width={480}>
        <PixPayment payment={payment} />
      </Dialog>
    );
  }

  const countries = CHECKOUT_COUNTRIES.map((country) => ({ value: country, label: t(`web.finance.checkout.countries.${country}`) }));
  const current = STEPS[step]!;
  return (
    <Dialog title={t('web.finance.checkout.title')} onClose={onClose} width={560}>
      <Steps>
        {STEPS.map((name, index) => (
          <li key={name} aria-current={index === step ? 'step' : undefined}>
            {index + 1}. {t(`web.finance.checkout.steps.${name}`)}
          </li>
        ))}
      </Steps>
      <Form<CheckoutValues> onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting, values }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t(`web.finance.checkout.steps.${current}`)}>
            {current === 'plan' ? (
              <>
                <p>{t('web.finance.checkout.planIntro', { date: formatDay(invoice.dueDate), detail: invoice.detail })}</p>
                <PlanFacts plan={plan} invoice={invoice} />
                <Button onClick={() => setStep(1)}>{t('web.finance.checkout.choosePlan')}</Button>
              </>
            ) : null}
            {/* Mounted on every step (hidden off its own): final-form gave a remounted select its initial value back. */}
            <div hidden={current !== 'address'}>
                <FormRow>
                  <TextField name="firstName" label={t('web.finance.checkout.firstName')} autoFocus autoComplete="given-name" />
                  <TextField name="lastName" label={t('web.finance.checkout.lastName')} autoComplete="family-name" />
                </FormRow>
                <TextField name="address2" label={t('web.finance.checkout.address2')} autoComplete="street-address" />
                <FormRow>
                  <TextField name="city" label={t('web.finance.checkout.city')} autoComplete="address-level2" />
                  <TextField name="state" label={t('web.finance.checkout.state')} autoComplete="address-level1" />
                </FormRow>
                <FormRow>
                  <TextField name="zipcode" label={t('web.finance.checkout.zipcode')} autoComplete="postal-code" />
                  <SelectField name="country" label={t('web.finance.checkout.country')} options={countries} />
                </FormRow>
                <SwitchField name="useAddressForPaymentDetails" label={t('web.finance.checkout.useAddressForPaymentDetails')} />
            </div>
            {current === 'customize' ? (
              <>
                <p>{t('web.finance.checkout.customizeIntro')}</p>
                <PlanFacts plan={plan} invoice={invoice} />
              </>
            ) : null}
            {current === 'review' ? (
              <>
                <p>{t('web.finance.checkout.reviewIntro')}</p>
                <Facts data-review>
                  <dt>{t('web.finance.checkout.firstName')}</dt>
                  <dd>
                    {values.firstName} {values.lastName}
                  </dd>
                  <dt>{t('web.finance.checkout.address2')}</dt>
                  <dd>
                    {values.address2}, {values.city} - {values.state}, {values.zipcode}, {values.country ? t(`web.finance.checkout.countries.${values.country}`) : ''}
                  </dd>
                  <dt>{t('web.finance.checkout.steps.plan')}</dt>
                  <dd>{plan?.name ?? invoice.detail}</dd>
                  <dt>{t('web.finance.checkout.value')}</dt>
                  <dd>{formatReais(invoice.value)}</dd>
                </Facts>
              </>
            ) : null}
            {step > 0 ? (
              <DialogActions>
                <Button $variant="outlined" onClick={() => setStep(step - 1)}>
                  {t('web.finance.checkout.back')}
                </Button>
                <Button type="submit" disabled={submitting}>
                  {t(step === STEPS.length - 1 ? 'web.finance.checkout.payNow' : 'web.finance.checkout.next')}
                </Button>
              </DialogActions>
            ) : null}
          </form>
        )}
      </Form>
    </Dialog>
  );
}
