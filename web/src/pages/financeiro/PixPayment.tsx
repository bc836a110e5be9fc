/**
 * The Pix payment screen of the checkout: the BR Code as a QR code and as "copia e cola" text with
 * a copy button. When the payment is confirmed (payment event CONCLUIDA for this invoice) it shows
 * the renewal and returns to / after 4 seconds (document 2 sections 4 and 9).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { PAYMENT_RETURN_MS, type PaymentEvent, type PaymentResult } from '@atende/shared';
import { useChannel } from '../../app/realtime.js';
import { Button } from '../../ui/controls.js';
import { QrCode } from '../../ui/QrCode.js';
import { useToast } from '../../ui/toast.js';
import { formatDay, formatReais } from './format.js';

const Column = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  textarea {
    width: 100%;
    font-family: monospace;
    word-break: break-all;
  }
`;

/** The clipboard API needs a secure origin; elsewhere the selected text is copied the old way. */
async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  field?.select();
  document.execCommand('copy');
}

export default function PixPayment({ payment }: { payment: PaymentResult }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const [field, setField] = useState<HTMLTextAreaElement | null>(null);

  useChannel<PaymentEvent>('payment', (event) => {
    if (event.action !== 'CONCLUIDA' || event.invoice.id !== payment.invoiceId) return;
    setRenewedUntil(event.dueDate);
    toast.success(t('web.finance.checkout.renewed', { date: formatDay(event.dueDate) }));
  });

  useEffect(() => {
    if (!renewedUntil) return;
    const timer = setTimeout(() => navigate('/'), PAYMENT_RETURN_MS);
    return () => clearTimeout(timer);
  }, [renewedUntil, navigate]);

  if (renewedUntil) {
    return (
      <Column>
        <p role="status" data-renewed>
          {t('web.finance.checkout.renewed', { date: formatDay(renewedUntil) })}
        </p>
      </Column>
    );
  }

  const copy = async () => {
    try {
      await copyText(payment.qrcode.qrcode, field);
      toast.success(t('web.finance.checkout.copied'));
    } catch {
      field?.select();
    }
  };

  return (
    <Column>
      <p>{t('web.finance.checkout.pixHelp')}</p>
      <strong data-pix-value>{formatReais(Number(payment.valor.original))}</strong>
      <QrCode value={payment.qrcode.qrcode} label={t('web.finance.checkout.pixTitle')} />
      <label htmlFor="pix-code">{t('web.finance.checkout.pixCode')}</label>
      <textarea id="pix-code" ref={setField} readOnly rows={4} value={payment.qrcode.qrcode} onFocus={(event) => event.currentTarget.select()} />
      <Button onClick={() => void copy()}>{t('web.finance.checkout.copy')}</Button>
      <p role="status">{t('web.finance.checkout.waiting')}</p>
    </Column>
  );
}
