/** Add / edit an item of a contact list (document 2 section 5: name 2-50 required, number 8-50, e-mail valid). */
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { contactListItemCreateSchema, contactListItemUpdateSchema, type ContactListItem } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

interface Values {
  contactListId?: string;
  name?: string;
  number?: string;
  email?: string;
}

interface Props {
  contactListId: string;
  /** null: a new item. */
  item: ContactListItem | null;
  onClose(): void;
  onSaved(item: ContactListItem): void;
}

export default function ContactListItemModal({ contactListId, item, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<Values>(item ? contactListItemUpdateSchema : contactListItemCreateSchema);

  const submit = async (values: Values) => {
    const data = { name: values.name ?? '', number: values.number ?? '', email: values.email ?? '' };
    try {
      const saved = item ? await api.contactLists.items.update(item.id, data) : await api.contactLists.items.create({ ...data, contactListId });
      toast.success(t('web.contactLists.items.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const initial: Values = { contactListId, name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' };
  return (
    <Dialog title={t(item ? 'web.contactLists.items.editTitle' : 'web.contactLists.items.addTitle')} onClose={onClose}>
      <Form<Values> onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.contactLists.items.form')}>
            <TextField name="name" label={t('web.contactLists.items.name')} autoFocus />
            <TextField name="number" label={t('web.contactLists.items.number')} inputMode="tel" />
            <TextField name="email" label={t('web.contactLists.items.email')} type="email" />
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
