/**
 * /financeiro (document 2 sections 2 and 4): the invoices, newest due date first, with infinite
 * scroll; status paid / expired / open with unpaid expired rows highlighted; Pay opens the Pix
 * checkout of an open invoice. Super users see every company's, with the company, a "mark
 * paid" action and the payment notices refused for not matching their invoice. A payment confirmed elsewhere arrives on the payment channel.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { invoiceDisplayStatus, type Invoice, type PaymentEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, Chip } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table, useInfiniteScroll } from '../../ui/Page.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { usePagedList } from '../../ui/usePagedList.js';
import CheckoutDialog from './CheckoutDialog.js';
import { formatDay, formatReais } from './format.js';

const STATUS_COLORS = { paid: '#2e7d32', expired: '#c62828', open: '#757575' } as const;

/** Super users: the payment provider's last notice refused for not matching the invoice. */
const RefusedNotice = styled.div`
  margin-top: 4px;
  font-size: 12px;
  color: ${({ theme }) => theme.error};
`;
const EXPIRED_ROW = 'rgba(229, 57, 53, 0.15)';

/** Newest due date first, as the server sorts. */
const byDueDate = (a: Invoice, b: Invoice) => b.dueDate.localeCompare(a.dueDate);

export default function FinanceiroPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [marking, setMarking] = useState<Invoice | null>(null);
  const [busy, setBusy] = useState(false);
  const list = usePagedList<Invoice>(
    (query) => api.invoices.page(query).then((page) => ({ items: page.records, hasMore: page.hasMore })),
    search,
    showError,
    byDueDate,
  );
  const scroll = useInfiniteScroll<HTMLDivElement>(list);

  useChannel<PaymentEvent>('payment', (event) => {
    if (event.action !== 'CONCLUIDA') return;
    const known = list.items.find((item) => item.id === event.invoice.id);
    list.upsert({ ...event.invoice, ...(known?.companyName !== undefined ? { companyName: known.companyName } : {}) });
  });

  const markPaid = async () => {
    if (!marking) return;
    setBusy(true);
    try {
      const answer = await api.invoices.pay(marking.id);
      list.upsert({ ...answer.invoice, ...(marking.companyName !== undefined ? { companyName: marking.companyName } : {}) });
      toast.success(t('web.finance.invoices.markedPaid', { date: formatDay(answer.dueDate) }));
      setMarking(null);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const columns = me.super ? 6 : 5;
  return (
    <PageFrame>
      <PageHeader title={t('web.pages.financeiro')}>
        <SearchField value={search} onChange={setSearch} />
        <Button $variant="outlined" onClick={() => navigate('/subscription')}>
          {t('web.finance.invoices.subscription')}
        </Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              {me.super ? <th>{t('web.finance.invoices.company')}</th> : null}
              <th>{t('web.finance.invoices.detail')}</th>
              <th>{t('web.finance.invoices.value')}</th>
              <th>{t('web.finance.invoices.dueDate')}</th>
              <th>{t('web.finance.invoices.status')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((invoice) => {
              const status = invoiceDisplayStatus(invoice);
              return (
                <tr key={invoice.id} data-invoice={invoice.id} data-status={status} style={status === 'expired' ? { background: EXPIRED_ROW } : undefined}>
                  {me.super ? <td>{invoice.companyName ?? ''}</td> : null}
                  <td>{invoice.detail}</td>
                  <td>{formatReais(invoice.value)}</td>
                  <td>{formatDay(invoice.dueDate)}</td>
                  <td>
                    <Chip $color={STATUS_COLORS[status]}>{t(`web.finance.invoices.statuses.${status}`)}</Chip>
                    {invoice.paymentMismatch ? (
                      <RefusedNotice data-payment-mismatch>
                        {t('web.finance.invoices.refusedNotice', { amount: invoice.paymentMismatch.amount, currency: invoice.paymentMismatch.currency, date: formatDay(invoice.paymentMismatch.receivedAt) })}
                      </RefusedNotice>
                    ) : null}
                  </td>
                  <td className="actions">
                    {invoice.status === 'open' && invoice.companyId === me.companyId ? (
                      <Button $variant="text" onClick={() => setPaying(invoice)}>
                        {t('web.finance.invoices.pay')}
                      </Button>
                    ) : null}
                    {invoice.status === 'open' && me.super ? (
                      <Button $variant="text" onClick={() => setMarking(invoice)}>
                        {t('web.finance.invoices.markPaid')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={columns} text={t('web.empty.invoices')} search={search} />
          </tbody>
        </Table>
      </Paper>
      {paying ? <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} /> : null}
      {marking ? (
        <ConfirmDialog
          title={t('web.finance.invoices.markPaidTitle', { company: marking.companyName ?? '' })}
          confirmLabel={t('web.finance.invoices.markPaid')}
          onConfirm={() => void markPaid()}
          onClose={() => setMarking(null)}
          busy={busy}
        >
          {t('web.finance.invoices.markPaidMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
