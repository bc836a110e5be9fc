/** The session buttons of a connection by status (document 1 section 4, connection statuses). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Whatsapp } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { Button, Spinner } from '../../ui/controls.js';
import { useErrorToast } from '../../ui/toast.js';

export function SessionActions({ whatsapp, onShowQr }: { whatsapp: Whatsapp; onShowQr(): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const { put } = useWhatsapps();
  const showError = useErrorToast();
  const [busy, setBusy] = useState(false);

  const run = (call: (id: string) => Promise<Whatsapp>) => async () => {
    setBusy(true);
    try {
      put(await call(whatsapp.id));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  switch (whatsapp.status) {
    case 'DISCONNECTED':
      return (
        <>
          <Button $variant="outlined" disabled={busy} onClick={run(api.whatsapp.startSession)}>
            {t('web.connections.tryAgain')}
          </Button>{' '}
          <Button disabled={busy} onClick={run(api.whatsapp.newQrCode)}>
            {t('web.connections.newQrCode')}
          </Button>
        </>
      );
    case 'qrcode':
      return <Button onClick={onShowQr}>{t('web.connections.showQrCode')}</Button>;
    case 'OPENING':
      return (
        <Button $variant="outlined" disabled>
          <Spinner /> {t('web.connections.connecting')}
        </Button>
      );
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return (
        <Button $variant="danger" disabled={busy} onClick={run(api.whatsapp.disconnect)}>
          {t('web.connections.disconnect')}
        </Button>
      );
  }
}
