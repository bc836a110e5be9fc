/**
 * /subscription (document 2 sections 2 and 9): trial days remaining (from the company's
 * trialExpiration), the plan, the next due date with a warning under 5 days, and a button that
 * opens the Pix checkout of the company's open invoice.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { daysLeft, SUBSCRIPTION_WARNING_DAYS, type Company, type Invoice } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button, Spinner } from '../../ui/controls.js';
import { PageFrame, PageHeader, Paper } from '../../ui/Page.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import CheckoutDialog from '../financeiro/CheckoutDialog.js';
import { formatDay } from '../financeiro/format.js';

const Card = styled(Paper)`
  padding: 24px;
  display: flex;
  flex-direction: column;
  gap: 12px;
  align-items: flex-start;
`;

const Warning = styled.p`
  color: ${({ theme }) => theme.warning};
  font-weight: 600;
`;

export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const navigate = useNavigate();
  const [company, setCompany] = useState<Company | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);

  useEffect(() => {
    api.companies.get(me.companyId).then(setCompany, showError);
  }, [api, me.companyId, showError]);

  const signUp = async () => {
    try {
      const open = await api.invoices.page({ status: 'open' });
      // The earliest due date is the one to pay first.
      const next = [...open.records].filter((invoice) => invoice.companyId === me.companyId).sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
      if (next) setPaying(next);
      else toast.info(t('web.finance.subscription.noOpenInvoice'));
    } catch (error) {
      showError(error);
    }
  };

  if (!company) return <Spinner $size={24} />;
  const trialLeft = company.trialExpiration ? daysLeft(company.trialExpiration) : null;
  const dueLeft = daysLeft(company.dueDate);
  return (
    <PageFrame>
      <PageHeader title={t('web.pages.subscription')} />
      <Card>
        {trialLeft !== null ? (
          <p data-trial>{trialLeft > 0 ? t('web.finance.subscription.trialDays', { count: trialLeft }) : t('web.finance.subscription.trialOver')}</p>
        ) : null}
        <p>
          {t('web.finance.subscription.plan')}: <strong>{company.plan?.name ?? ''}</strong>
        </p>
        <p>
          {t('web.finance.subscription.dueDate')}: <strong data-subscription-due>{formatDay(company.dueDate)}</strong>
        </p>
        {dueLeft < SUBSCRIPTION_WARNING_DAYS ? <Warning role="alert">{t('web.finance.subscription.warning', { count: Math.max(dueLeft, 0) })}</Warning> : null}
        <Button onClick={() => void signUp()}>{t('web.finance.subscription.signUp')}</Button>
        <Button $variant="text" onClick={() => navigate('/financeiro')}>
          {t('web.finance.subscription.invoices')}
        </Button>
      </Card>
      {paying ? <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} /> : null}
    </PageFrame>
  );
}
