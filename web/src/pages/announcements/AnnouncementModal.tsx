/** Add / edit an announcement (document 2 sections 3 and 5): title, text, priority, active, optional image. */
import { useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_DEFAULT_PRIORITY, ANNOUNCEMENT_MEDIA_EXTENSIONS, ANNOUNCEMENT_PRIORITIES, announcementCreateSchema, announcementUpdateSchema, type Announcement, type AnnouncementPriority } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { FieldBox, SelectField, SwitchField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

interface AnnouncementValues {
  title?: string;
  text?: string;
  priority?: string;
  status?: boolean;
}

interface AnnouncementModalProps {
  /** null: a new announcement. */
  announcement: Announcement | null;
  onClose(): void;
  onSaved(announcement: Announcement): void;
}

const ACCEPT = ANNOUNCEMENT_MEDIA_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export default function AnnouncementModal({ announcement, onClose, onSaved }: AnnouncementModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<AnnouncementValues>(announcement ? announcementUpdateSchema : announcementCreateSchema);
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState(announcement?.mediaName ?? null);

  const removeMedia = async () => {
    if (!announcement) return;
    try {
      await api.announcements.removeMedia(announcement.id);
      setMediaName(null);
      toast.success(t('web.backoffice.announcements.attachmentRemoved'));
    } catch (error) {
      showError(error);
    }
  };

  const submit = async (values: AnnouncementValues) => {
    const data = { title: values.title ?? '', text: values.text ?? '', priority: Number(values.priority) as AnnouncementPriority, status: Boolean(values.status) };
    try {
      let saved = announcement ? await api.announcements.update(announcement.id, data) : await api.announcements.create(data);
      // Attachment names have their spaces replaced by underscores (document 2 section 5).
      if (file) saved = await api.announcements.uploadMedia(saved.id, file, file.name.replace(/\s/g, '_'));
      toast.success(t('web.backoffice.announcements.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const initial: AnnouncementValues = {
    title: announcement?.title ?? '',
    text: announcement?.text ?? '',
    priority: String(announcement?.priority ?? ANNOUNCEMENT_DEFAULT_PRIORITY),
    status: announcement?.status ?? true,
  };
  const priorities = ANNOUNCEMENT_PRIORITIES.map((priority) => ({ value: String(priority), label: t(`web.backoffice.announcements.priorities.${priority}`) }));
  return (
    <Dialog title={t(announcement ? 'web.backoffice.announcements.editTitle' : 'web.backoffice.announcements.addTitle')} onClose={onClose} width={560}>
      <Form<AnnouncementValues> onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.announcements.form')}>
            <TextField name="title" label={t('web.backoffice.announcements.title')} autoFocus />
            <TextField name="text" label={t('web.backoffice.announcements.text')} multiline={5} />
            <SelectField name="priority" label={t('web.backoffice.announcements.priority')} options={priorities} />
            <SwitchField name="status" label={t('web.backoffice.announcements.status')} />
            <FieldBox>
              <label htmlFor="announcement-file">{t('web.backoffice.announcements.attachment')}</label>
              {mediaName && !file ? (
                <span>
                  {mediaName}{' '}
                  <Button $variant="text" onClick={() => void removeMedia()}>
                    {t('web.backoffice.announcements.removeAttachment')}
                  </Button>
                </span>
              ) : null}
              <input id="announcement-file" type="file" accept={ACCEPT} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
            </FieldBox>
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
