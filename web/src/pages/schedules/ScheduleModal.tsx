/**
 * Add / edit a scheduled message (document 2 sections 3 and 5): contact, body with the message
 * variables, send date (one hour ahead by default), optional png/jpg/jpeg image. Titled 'Erro de
 * Envio' for ERRO, otherwise 'Mensagem' plus the status; once sent it is read-only (no submit).
 */
import { useState } from 'react';
import { Field } from 'react-final-form';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SCHEDULE_MEDIA_EXTENSIONS, scheduleCreateSchema, translateError, type Schedule } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Dialog, DialogActions, FormButtons } from '../../ui/Dialog.js';
import { FieldBox, FormAlert, TextField } from '../../ui/form.js';
import { formatShortDateTime } from '../../ui/format.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { schemaProblems } from '../../ui/validation.js';
import { defaultSendAt, toLocalInput } from './calendar.js';
import { ContactPicker, type PickedContact } from './ContactPicker.js';

/** The variables the sender renders (server/src/domains/messages/variables.ts). */
const VARIABLES = ['firstName', 'name', 'greeting', 'protocol', 'date', 'hour'] as const;
const ACCEPT = SCHEDULE_MEDIA_EXTENSIONS.map((extension) => `.${extension}`).join(',');

interface ScheduleValues {
  contact?: PickedContact | null;
  body?: string;
  /** datetime-local value (local time). */
  sendAt?: string;
}

interface ScheduleModalProps {
  /** null: a new one. */
  schedule: Schedule | null;
  /** A new one's starting point: the contact of ?contactId=, the day clicked in the calendar. */
  initialContact?: PickedContact | null;
  initialDay?: Date;
  onClose(): void;
  onSaved(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
}

const Variables = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;
  margin: -6px 0 12px;
  span {
    font-size: 12px;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0 0 12px;
  dt {
    font-weight: 600;
    font-size: 12px;
  }
  dd {
    margin: 0;
  }
`;

export default function ScheduleModal({ schedule, initialContact, initialDay, onClose, onSaved, onDelete }: ScheduleModalProps) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState(schedule?.mediaName ?? null);
  const sent = Boolean(schedule?.sentAt);

  const validate = (values: ScheduleValues) => {
    const sendAt = values.sendAt ? new Date(values.sendAt) : null;
    const problems = schemaProblems(scheduleCreateSchema, {
      body: values.body ?? '',
      contactId: values.contact?.id,
      sendAt: sendAt && !Number.isNaN(sendAt.getTime()) ? sendAt.toISOString() : undefined,
    });
    const errors: Record<string, string> = {};
    if (problems.body) errors.body = problems.body.key === 'validation.tooShort' ? t('web.schedules.bodyTooShort') : t(problems.body.key);
    if (problems.contactId) errors.contact = t(problems.contactId.key);
    if (problems.sendAt) errors.sendAt = t(problems.sendAt.key);
    return errors;
  };

  const removeMedia = async () => {
    if (!schedule) return;
    try {
      await api.schedules.removeMedia(schedule.id);
      setMediaName(null);
      toast.success(t('web.schedules.attachmentRemoved'));
    } catch (error) {
      showError(error);
    }
  };

  const submit = async (values: ScheduleValues) => {
    const data = { body: values.body ?? '', contactId: values.contact!.id, sendAt: new Date(values.sendAt!).toISOString() };
    try {
      let saved = schedule ? await api.schedules.update(schedule.id, data) : await api.schedules.create(data);
      // Attachment names have their spaces replaced by underscores (document 2 section 5).
      if (file) saved = await api.schedules.uploadMedia(saved.id, file, file.name.replace(/\s/g, '_'));
      toast.success(t('web.schedules.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const title =
    schedule?.status === 'ERRO'
      ? t('web.schedules.titleError')
      : schedule
        ? t('web.schedules.titleOf', { status: t(`web.schedules.statuses.${schedule.status}`) })
        : t('web.schedules.titleNew');
  const initial: ScheduleValues = {
    contact: schedule ? { id: schedule.contact.id, name: schedule.contact.name, number: schedule.contact.number } : (initialContact ?? null),
    body: schedule?.body ?? '',
    sendAt: toLocalInput(schedule ? new Date(schedule.sendAt) : defaultSendAt(initialDay)),
  };
  return (
    <Dialog title={title} onClose={onClose} width={600}>
      <Form<ScheduleValues> onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting, form, values }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.schedules.form')}>
            {schedule?.status === 'ERRO' && schedule.lastError ? (
              <FormAlert role="alert" data-last-error>
                {t('web.schedules.lastError')}: {translateError(i18n, schedule.lastError)} ({t('web.schedules.attempts', { count: schedule.attempts })})
              </FormAlert>
            ) : null}
            {schedule?.sentAt ? (
              <Facts>
                <dt>{t('web.schedules.sentAt')}</dt>
                <dd data-sent-at>{formatShortDateTime(schedule.sentAt)}</dd>
                {schedule.ticketId ? (
                  <>
                    <dt>{t('web.schedules.openTicket')}</dt>
                    <dd>
                      <Link to={`/tickets/${schedule.ticketId}`}>{schedule.contact.name}</Link>
                    </dd>
                  </>
                ) : null}
              </Facts>
            ) : null}
            <Field<PickedContact | null> name="contact">
              {({ input, meta }) => (
                <ContactPicker value={input.value || null} onChange={(contact) => input.onChange(contact)} disabled={sent} error={meta.submitFailed ? (meta.error as string | undefined) : undefined} />
              )}
            </Field>
            <TextField name="body" label={t('web.schedules.body')} multiline={5} disabled={sent} />
            {sent ? null : (
              <Variables role="group" aria-label={t('web.schedules.variables')}>
                <span>{t('web.schedules.variables')}:</span>
                {VARIABLES.map((variable) => (
                  <Button key={variable} $variant="outlined" onClick={() => form.change('body', `${values.body ?? ''}{{${variable}}}`)} title={`{{${variable}}}`}>
                    {t(`web.schedules.variableNames.${variable}`)}
                  </Button>
                ))}
              </Variables>
            )}
            <TextField name="sendAt" label={t('web.schedules.sendAt')} type="datetime-local" disabled={sent} />
            {sent && !mediaName ? null : (
              <FieldBox>
                <label htmlFor="schedule-file">{t('web.schedules.attachment')}</label>
                {mediaName && !file ? (
                  <span data-media-name>
                    {mediaName}{' '}
                    {sent ? null : (
                      <Button $variant="text" onClick={() => void removeMedia()}>
                        {t('web.schedules.removeAttachment')}
                      </Button>
                    )}
                  </span>
                ) : null}
                {sent ? null : <input id="schedule-file" type="file" accept={ACCEPT} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />}
              </FieldBox>
            )}
            <DialogActions>
              {schedule ? (
                <Button $variant="outlined" style={{ marginRight: 'auto' }} onClick={() => onDelete(schedule)}>
                  {t('web.common.delete')}
                </Button>
              ) : null}
              {sent ? (
                <Button $variant="outlined" onClick={onClose}>
                  {t('web.common.close')}
                </Button>
              ) : (
                <FormButtons onCancel={onClose} submitting={submitting} />
              )}
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
