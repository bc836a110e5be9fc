/**
 * Add / edit a quick message (document 2 sections 2 and 3): shortcode, message, shared flag, status,
 * allow-view and allow-edit flags (set by whoever may manage it), optional attachment.
 */
import { useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { quickMessageCreateSchema, quickMessageRights, quickMessageUpdateSchema, type QuickMessage } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { FieldBox, SwitchField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

interface QuickMessageValues {
  shortcode?: string;
  message?: string;
  geral?: boolean;
  status?: boolean;
  allowView?: boolean;
  allowEdit?: boolean;
}

interface QuickMessageModalProps {
  /** null: a new quick message. */
  quickMessage: QuickMessage | null;
  onClose(): void;
  onSaved(quickMessage: QuickMessage): void;
}

export default function QuickMessageModal({ quickMessage, onClose, onSaved }: QuickMessageModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<QuickMessageValues>(quickMessage ? quickMessageUpdateSchema : quickMessageCreateSchema);
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState(quickMessage?.mediaName ?? null);
  const admin = me.super || me.profile === 'admin';
  const canShare = admin;
  // A colleague editing under allowEdit changes the text, not who sees or edits it.
  const canManage = !quickMessage || quickMessageRights(quickMessage, { userId: me.id, admin }).manage;

  const removeMedia = async () => {
    if (!quickMessage) return;
    try {
      await api.quickMessages.removeMedia(quickMessage.id);
      setMediaName(null);
      toast.success(t('web.backoffice.quickMessages.attachmentRemoved'));
    } catch (error) {
      showError(error);
    }
  };

  const submit = async (values: QuickMessageValues) => {
    const data = {
      shortcode: values.shortcode ?? '',
      message: values.message ?? '',
      ...(canShare ? { geral: Boolean(values.geral) } : {}),
      ...(canManage ? { status: values.status !== false, allowView: Boolean(values.allowView), allowEdit: Boolean(values.allowEdit) } : {}),
    };
    try {
      let saved = quickMessage ? await api.quickMessages.update(quickMessage.id, data) : await api.quickMessages.create(data);
      // Attachment names have their spaces replaced by underscores (document 2 section 5).
      if (file) saved = await api.quickMessages.uploadMedia(saved.id, file, file.name.replace(/\s/g, '_'));
      toast.success(t('web.backoffice.quickMessages.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const initial: QuickMessageValues = {
    shortcode: quickMessage?.shortcode ?? '',
    message: quickMessage?.message ?? '',
    geral: quickMessage?.geral ?? false,
    status: quickMessage?.status ?? true,
    allowView: quickMessage?.allowView ?? false,
    allowEdit: quickMessage?.allowEdit ?? false,
  };
  return (
    <Dialog title={t(quickMessage ? 'web.backoffice.quickMessages.editTitle' : 'web.backoffice.quickMessages.addTitle')} onClose={onClose} width={560}>
      <Form<QuickMessageValues> onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.quickMessages.form')}>
            <TextField name="shortcode" label={t('web.backoffice.quickMessages.shortcode')} autoFocus />
            <TextField name="message" label={t('web.backoffice.quickMessages.message')} multiline={5} />
            {canShare ? <SwitchField name="geral" label={t('web.backoffice.quickMessages.geral')} /> : null}
            {canManage ? (
              <>
                <SwitchField name="status" label={t('web.backoffice.quickMessages.status')} />
                <SwitchField name="allowView" label={t('web.backoffice.quickMessages.allowView')} />
                <SwitchField name="allowEdit" label={t('web.backoffice.quickMessages.allowEdit')} />
              </>
            ) : null}
            <FieldBox>
              <label htmlFor="quick-message-file">{t('web.backoffice.quickMessages.attachment')}</label>
              {mediaName && !file ? (
                <span>
                  {mediaName}{' '}
                  <Button $variant="text" onClick={() => void removeMedia()}>
                    {t('web.backoffice.quickMessages.removeAttachment')}
                  </Button>
                </span>
              ) : null}
              <input id="quick-message-file" type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
            </FieldBox>
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
