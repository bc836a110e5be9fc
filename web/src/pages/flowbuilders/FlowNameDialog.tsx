/** The flow's name (document 3 section 5): 2 to 50 characters, with the spec's own texts. */
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { flowCreateSchema } from '@atende/shared';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { TextField, useSchemaValidator, type ProblemTexts } from '../../ui/form.js';

const NAME_TEXTS: ProblemTexts = {
  name: {
    'validation.tooShort': 'web.flowbuilders.list.tooShort',
    'validation.tooLong': 'web.flowbuilders.list.tooLong',
    'validation.required': 'web.flowbuilders.list.required',
  },
};

interface FlowNameDialogProps {
  /** The current name when renaming; absent for a new flow. */
  name?: string;
  onClose(): void;
  /** Saves the name; the dialog stays open when it throws (the caller shows why). */
  onSubmit(name: string): Promise<void>;
}

export default function FlowNameDialog({ name, onClose, onSubmit }: FlowNameDialogProps) {
  const { t } = useTranslation();
  const validate = useSchemaValidator<{ name?: string }>(flowCreateSchema, NAME_TEXTS);
  const renaming = name !== undefined;
  return (
    <Dialog title={t(renaming ? 'web.flowbuilders.list.editTitle' : 'web.flowbuilders.list.addTitle')} onClose={onClose} width={440}>
      <Form<{ name?: string }> onSubmit={(values) => onSubmit((values.name ?? '').trim())} validate={validate} initialValues={{ name: name ?? '' }}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.flowbuilders.list.form')}>
            <TextField name="name" label={t('web.flowbuilders.list.name')} autoFocus parse={(value) => value} />
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
