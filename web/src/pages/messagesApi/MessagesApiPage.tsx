/**
 * /messages-api (document 3, external messaging API; plan useExternalApi): how to send through
 * POST /api/messages/send with a connection's token, test forms for text and media against the
 * real API, and the curl each one stands for, written with this server's address. The page
 * scrolls as one: each section shows whole.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Whatsapp } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { usePlanGate } from '../../app/usePlanGate.js';
import { PageFrame, PageHeader, Paper, PaperStack } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { Code, SendTestForm } from './SendTestForm.js';

export default function MessagesApiPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const showError = useErrorToast();
  const allowed = usePlanGate('useExternalApi', 'web.messagesApi.unauthorized');
  const [connections, setConnections] = useState<Whatsapp[]>([]);
  const admin = me.super || me.profile === 'admin';

  useEffect(() => {
    if (allowed && admin) api.whatsapp.list().then(setConnections, showError);
  }, [api, allowed, admin, showError]);

  if (!allowed) return null;
  // Tokens are answered to admins only; others paste the one their admin gave them.
  const tokens = connections.filter((connection) => connection.token).map((connection) => ({ value: connection.token!, label: `${connection.name} (${connection.status})` }));
  const endpoint = `${window.location.origin}/api/messages/send`;
  return (
    <PageFrame>
      <PageHeader title={t('web.pages.messagesApi')} />
      <PaperStack>
        <Paper $padded>
          <h2>{t('web.messagesApi.howTitle')}</h2>
          <p>{t('web.messagesApi.how')}</p>
          <Code data-endpoint>{`POST ${endpoint}\nAuthorization: Bearer <token>`}</Code>
          <ul>
            <li>{t('web.messagesApi.textHow')}</li>
            <li>{t('web.messagesApi.mediaHow')}</li>
            <li>{t('web.messagesApi.fileListHow')}</li>
            <li>{t('web.messagesApi.numberRule')}</li>
          </ul>
          {admin ? null : <p>{t('web.messagesApi.tokensForAdmins')}</p>}
        </Paper>
        <Paper $padded>
          <h2>{t('web.messagesApi.textTitle')}</h2>
          <SendTestForm mode="text" tokens={tokens} />
        </Paper>
        <Paper $padded>
          <h2>{t('web.messagesApi.mediaTitle')}</h2>
          <SendTestForm mode="media" tokens={tokens} />
        </Paper>
      </PaperStack>
    </PageFrame>
  );
}
