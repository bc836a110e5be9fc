/**
 * The pairing QR of a connection, renewed live, with the seconds the code has left and which code
 * of the session it is; closes when a pushed session update carries an empty qrcode (document 1
 * section 4: paired, disconnected or stopped).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WhatsappSessionEvent } from '@atende/shared';
import { useChannel } from '../../app/realtime.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { Spinner } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { QrCode } from '../../ui/QrCode.js';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  text-align: center;
  p {
    margin: 0;
    color: ${({ theme }) => theme.textSecondary};
  }
`;

/** Whole seconds until `expiresAt`, ticking; null without one. */
function useSecondsLeft(expiresAt: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1_000));
}

const Countdown = styled.p<{ $low: boolean }>`
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $low }) => ($low ? theme.warning : theme.textSecondary)} !important;
`;

export default function QrCodeModal({ whatsappId, onClose }: { whatsappId: string; onClose(): void }) {
  const { t } = useTranslation();
  const { whatsapps } = useWhatsapps();
  const whatsapp = whatsapps.find((candidate) => candidate.id === whatsappId);
  const qrcode = whatsapp?.qrcode ?? '';
  const secondsLeft = useSecondsLeft(qrcode ? whatsapp?.qrExpiresAt : null);

  useChannel<WhatsappSessionEvent>('whatsappSession', (event) => {
    if (event.session.id === whatsappId && !event.session.qrcode) onClose();
  });

  return (
    <Dialog title={t('web.connections.qrTitle')} onClose={onClose} width={380}>
      <Body>
        <p>{t('web.connections.qrHelp')}</p>
        {qrcode ? <QrCode value={qrcode} label={t('web.connections.qrTitle')} /> : <Spinner $size={32} aria-label={t('web.connections.qrWaiting')} />}
        {qrcode && secondsLeft !== null ? (
          <Countdown $low={secondsLeft <= 10} role="timer" aria-live="off" data-qr-seconds={secondsLeft}>
            {secondsLeft > 0 ? t('web.connections.qrExpiresIn', { seconds: secondsLeft, code: (whatsapp?.retries ?? 0) + 1 }) : t('web.connections.qrRenewing')}
          </Countdown>
        ) : null}
      </Body>
    </Dialog>
  );
}
