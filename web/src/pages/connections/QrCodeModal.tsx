/**
 * The pairing QR of a connection, renewed live; closes when a pushed session update carries an
 * empty qrcode (document 1 section 4: paired, disconnected or stopped).
 */
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

export default function QrCodeModal({ whatsappId, onClose }: { whatsappId: string; onClose(): void }) {
  const { t } = useTranslation();
  const { whatsapps } = useWhatsapps();
  const qrcode = whatsapps.find((whatsapp) => whatsapp.id === whatsappId)?.qrcode ?? '';

  useChannel<WhatsappSessionEvent>('whatsappSession', (event) => {
    if (event.session.id === whatsappId && !event.session.qrcode) onClose();
  });

  return (
    <Dialog title={t('web.connections.qrTitle')} onClose={onClose} width={380}>
      <Body>
        <p>{t('web.connections.qrHelp')}</p>
        {qrcode ? <QrCode value={qrcode} label={t('web.connections.qrTitle')} /> : <Spinner $size={32} aria-label={t('web.connections.qrWaiting')} />}
      </Body>
    </Dialog>
  );
}
