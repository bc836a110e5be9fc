/** Add / edit a contact (document 2 sections 2, 3 and 5): name, number, e-mail and extra information. */
import { useEffect, useState } from 'react';
import { useField } from 'react-final-form';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { contactCreateSchema, contactUpdateSchema, type Contact } from '@atende/shared';
import type { ContactData } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button, IconButton, Spinner } from '../../ui/controls.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { FormRow, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';

type ExtraInfo = NonNullable<ContactData['extraInfo']>[number];

interface ContactValues {
  name?: string;
  number?: string;
  email?: string;
  extraInfo?: ExtraInfo[];
}

const ExtraRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  gap: 0 8px;
  align-items: center;
`;

function ExtraInfoFields() {
  const { t } = useTranslation();
  const { input } = useField<ExtraInfo[]>('extraInfo');
  const entries = Array.isArray(input.value) ? input.value : [];
  return (
    <fieldset>
      <legend>{t('web.backoffice.contacts.extraInfo')}</legend>
      {entries.map((_entry, index) => (
        <ExtraRow key={index}>
          <TextField name={`extraInfo.${index}.name`} label={t('web.backoffice.contacts.extraName')} />
          <TextField name={`extraInfo.${index}.value`} label={t('web.backoffice.contacts.extraValue')} />
          <IconButton icon="trash" label={t('web.common.delete')} onClick={() => input.onChange(entries.filter((_, i) => i !== index))} />
        </ExtraRow>
      ))}
      <Button $variant="outlined" onClick={() => input.onChange([...entries, { name: '', value: '' }])}>
        {t('web.backoffice.contacts.addExtra')}
      </Button>
    </fieldset>
  );
}

interface ContactModalProps {
  /** null: a new contact. */
  contactId: string | null;
  onClose(): void;
  onSaved(contact: Contact): void;
}

export default function ContactModal({ contactId, onClose, onSaved }: ContactModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<ContactValues>(contactId ? contactUpdateSchema : contactCreateSchema);
  const [initial, setInitial] = useState<ContactValues | null>(contactId ? null : { name: '', number: '', email: '', extraInfo: [] });
  const close = useLatest(onClose);

  useEffect(() => {
    if (!contactId) return;
    api.contacts.get(contactId).then(
      (contact) => setInitial({ name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo }),
      (error: unknown) => {
        showError(error);
        close.current();
      },
    );
  }, [api, contactId, showError, close]);

  const submit = async (values: ContactValues) => {
    const data: ContactData = {
      name: values.name ?? '',
      number: values.number ?? '',
      email: values.email || null,
      extraInfo: (values.extraInfo ?? []).map((entry) => ({ ...(entry.id ? { id: entry.id } : {}), name: entry.name, value: entry.value ?? '' })),
    };
    try {
      const saved = contactId ? await api.contacts.update(contactId, data) : await api.contacts.create(data);
      toast.success(t('web.backoffice.contacts.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Dialog title={t(contactId ? 'web.backoffice.contacts.editTitle' : 'web.backoffice.contacts.addTitle')} onClose={onClose} width={620}>
      {initial === null ? (
        <Spinner $size={24} />
      ) : (
        <Form<ContactValues> onSubmit={submit} validate={validate} initialValues={initial}>
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.contacts.form')}>
              <FormRow>
                <TextField name="name" label={t('web.backoffice.contacts.name')} autoFocus />
                <TextField name="number" label={t('web.backoffice.contacts.number')} placeholder="5511999990000" />
              </FormRow>
              <TextField name="email" label={t('web.backoffice.contacts.email')} type="email" />
              <ExtraInfoFields />
              <FormActions onCancel={onClose} submitting={submitting} />
            </form>
          )}
        </Form>
      )}
    </Dialog>
  );
}
