/**
 * Editing one's own text (loaded on first use): the text without its signature (the server keeps
 * the signature), Enter or Save sends it; within WhatsApp's 15 minutes, else the server says so.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { unsignedText, type Message } from '@atende/shared';
import { useApi } from '../../../app/api.js';
import { Button } from '../../../ui/controls.js';
import { Dialog } from '../../../ui/Dialog.js';
import { FieldBox } from '../../../ui/form.js';
import { useErrorToast } from '../../../ui/toast.js';

export default function EditDialog({ message, onClose, onSaved }: { message: Message; onClose(): void; onSaved(updated: Message): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const field = useId();
  const [text, setText] = useState(() => unsignedText(message));
  const [saving, setSaving] = useState(false);
  const ready = text.trim() !== '' && !saving;

  const save = async () => {
    if (!ready) return;
    setSaving(true);
    try {
      onSaved(await api.messages.edit(message.id, text.trim()));
      onClose();
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <Dialog
      title={t('web.messageActions.editTitle')}
      onClose={onClose}
      width={480}
      actions={
        <>
          <Button $variant="outlined" onClick={onClose}>
            {t('web.common.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!ready} data-submit="edit">
            {t('web.common.save')}
          </Button>
        </>
      }
    >
      <FieldBox>
        <label htmlFor={field}>{t('web.messageActions.edit')}</label>
        <textarea id={field} name="edit" rows={4} value={text} autoFocus onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
      </FieldBox>
    </Dialog>
  );
}
