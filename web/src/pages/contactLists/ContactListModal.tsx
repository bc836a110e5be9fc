/** Add / rename a contact list (document 2 sections 2 and 5: name 2 to 50, required). */
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { contactListCreateSchema, type ContactList } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

interface Values {
  name?: string;
}

export default function ContactListModal({ list, onClose, onSaved }: { list: ContactList | null; onClose(): void; onSaved(list: ContactList): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<Values>(contactListCreateSchema);

  const submit = async (values: Values) => {
    const data = { name: values.name ?? '' };
    try {
      const saved = list ? await api.contactLists.update(list.id, data) : await api.contactLists.create(data);
      toast.success(t('web.contactLists.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Dialog title={t(list ? 'web.contactLists.editTitle' : 'web.contactLists.addTitle')} onClose={onClose}>
      <Form<Values> onSubmit={submit} validate={validate} initialValues={{ name: list?.name ?? '' }}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.contactLists.form')}>
            <TextField name="name" label={t('web.contactLists.name')} autoFocus />
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
