/** Deleting a connection; the default one, while others exist, names the new default first. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Whatsapp } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { FieldBox } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

export function DeleteConnectionDialog({ whatsapp, onClose }: { whatsapp: Whatsapp; onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const { whatsapps, drop } = useWhatsapps();
  const toast = useToast();
  const showError = useErrorToast();
  const others = whatsapp.isDefault ? whatsapps.filter((other) => other.id !== whatsapp.id) : [];
  const [newDefaultId, setNewDefaultId] = useState(others[0]?.id ?? '');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await api.whatsapp.remove(whatsapp.id, newDefaultId ? { newDefaultId } : {});
      drop(whatsapp.id);
      toast.success(t('web.connections.deleted'));
      onClose();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog title={t('web.connections.deleteTitle', { name: whatsapp.name })} onConfirm={confirm} onClose={onClose} busy={busy}>
      <p>{t('web.connections.deleteMessage')}</p>
      {others.length > 0 ? (
        <FieldBox>
          <label htmlFor="new-default">{t('web.connections.newDefault')}</label>
          <select id="new-default" value={newDefaultId} onChange={(event) => setNewDefaultId(event.target.value)}>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
        </FieldBox>
      ) : null}
    </ConfirmDialog>
  );
}
