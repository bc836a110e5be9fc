/** Add / edit a tag (document 2 sections 2 and 5): name, colour from the 50-colour palette, kanban for admins and supervisors. */
import { useField } from 'react-final-form';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { TAG_DEFAULT_COLOR, tagCreateSchema, tagUpdateSchema, type Tag } from '@atende/shared';
import type { TagData } from '@atende/shared/client';
import { useApi, useUser } from '../../app/api.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { FieldBox, SwitchField, TextField, useSchemaValidator, type ProblemTexts } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { TAG_PALETTE } from './tagPalette.js';

interface TagValues {
  name?: string;
  color?: string;
  kanban?: boolean;
}

/** Document 2 section 5: a tag name under 3 characters is "Mensagem muito curta". */
const NAME_TEXTS: ProblemTexts = { name: { 'validation.tooShort': 'validation.messageTooShort' } };

const Swatches = styled.div`
  display: grid;
  grid-template-columns: repeat(10, 28px);
  gap: 6px;
`;

const Swatch = styled.button<{ $color: string; $selected: boolean }>`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  cursor: pointer;
  background: ${({ $color }) => $color};
  border: 3px solid ${({ $selected, theme }) => ($selected ? theme.text : 'transparent')};
`;

/** Tag colours may come from elsewhere (the API, older data): such a colour is offered too. */
export function ColorPalette({ name, label }: { name: string; label: string }) {
  const { input } = useField<string>(name);
  const colors = TAG_PALETTE.includes(input.value) || !input.value ? TAG_PALETTE : [input.value, ...TAG_PALETTE];
  return (
    <FieldBox>
      <label>{label}</label>
      <Swatches role="radiogroup" aria-label={label}>
        {colors.map((color) => (
          <Swatch key={color} type="button" role="radio" aria-checked={input.value === color} aria-label={color} $color={color} $selected={input.value === color} onClick={() => input.onChange(color)} />
        ))}
      </Swatches>
    </FieldBox>
  );
}

interface TagModalProps {
  tag: Tag | null;
  onClose(): void;
  onSaved(tag: Tag): void;
}

export default function TagModal({ tag, onClose, onSaved }: TagModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<TagValues>(tag ? tagUpdateSchema : tagCreateSchema, NAME_TEXTS);
  // The kanban switch is for admins and supervisors only (document 2 section 6).
  const canKanban = me.super || me.profile === 'admin' || me.profile === 'supervisor';

  const submit = async (values: TagValues) => {
    const data: TagData = { name: values.name ?? '', color: values.color || TAG_DEFAULT_COLOR, ...(canKanban ? { kanban: values.kanban ? 1 : 0 } : {}) };
    try {
      const saved = tag ? await api.tags.update(tag.id, data) : await api.tags.create(data);
      toast.success(t('web.backoffice.tags.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const initial: TagValues = { name: tag?.name ?? '', color: tag?.color ?? TAG_DEFAULT_COLOR, kanban: tag?.kanban === 1 };
  return (
    <Dialog title={t(tag ? 'web.backoffice.tags.editTitle' : 'web.backoffice.tags.addTitle')} onClose={onClose} width={440}>
      <Form<TagValues> onSubmit={submit} validate={(values) => validate({ name: values.name, color: values.color })} initialValues={initial}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.tags.form')}>
            <TextField name="name" label={t('web.backoffice.tags.name')} autoFocus />
            <ColorPalette name="color" label={t('web.backoffice.tags.color')} />
            {canKanban ? <SwitchField name="kanban" label={t('web.backoffice.tags.kanban')} /> : null}
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
