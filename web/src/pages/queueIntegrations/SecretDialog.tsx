/** The signing secret of an n8n or webhook integration, whole, shown once (after its creation or a rotation). */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { useToast } from '../../ui/toast.js';

const Secret = styled.code`
  display: block;
  margin: 12px 0;
  padding: 10px 12px;
  border-radius: 6px;
  background: ${({ theme }) => theme.hover};
  overflow-wrap: anywhere;
  user-select: all;
`;

export function SecretDialog({ secret, onClose }: { secret: string; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).then(
      () => toast.success(t('web.queueIntegrations.copied')),
      () => undefined,
    );
  };
  return (
    <Dialog
      title={t('web.queueIntegrations.newSecretTitle')}
      onClose={onClose}
      actions={
        <>
          <Button $variant="outlined" onClick={() => void copy()}>
            {t('web.queueIntegrations.copy')}
          </Button>
          <Button onClick={onClose}>{t('web.common.close')}</Button>
        </>
      }
    >
      <p>{t('web.queueIntegrations.newSecretText')}</p>
      <Secret data-new-secret>{secret}</Secret>
      <p>{t('web.queueIntegrations.secretHint')}</p>
    </Dialog>
  );
}
