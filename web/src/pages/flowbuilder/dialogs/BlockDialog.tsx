/**
 * The frame of the block dialogs (document 3 section 4): titled for creating or editing, Cancel and
 * Add/Edit buttons, keyboard accessible through the console's Dialog; plus the small labelled field
 * the dialogs share.
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/controls.js';
import { Dialog, DialogActions } from '../../../ui/Dialog.js';
import { FieldBox, FieldError } from '../../../ui/form.js';

/** What every block dialog receives: the data being edited (none when creating), and the way out. */
export interface BlockDialogProps<Data> {
  data?: Data;
  onCancel(): void;
  onSave(data: Data): void;
}

interface BlockDialogFrameProps {
  editing: boolean;
  title: string;
  onCancel(): void;
  /** Submit: the dialog checks its fields, then calls onSave or shows what is wrong. */
  onSubmit(): void;
  children: ReactNode;
  busy?: boolean;
  width?: number;
}

export function BlockDialog({ editing, title, onCancel, onSubmit, children, busy, width }: BlockDialogFrameProps) {
  const { t } = useTranslation();
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={title} onClose={onCancel} width={width}>
      <form id={formId} onSubmit={submit} noValidate aria-label={title}>
        {children}
        <DialogActions style={{ padding: '12px 0 0' }}>
          <Button $variant="outlined" onClick={onCancel}>
            {t('web.common.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-block-submit>
            {t(editing ? 'web.flowEditor.edit' : 'web.flowEditor.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface LabeledFieldProps {
  label: string;
  /** The field's name, also the data-error-for of its problem. */
  name: string;
  error?: string | undefined;
  children: (id: string) => ReactNode;
}

export function LabeledField({ label, name, error, children }: LabeledFieldProps) {
  const id = `${useId()}-${name}`;
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {error ? <FieldError data-error-for={name}>{error}</FieldError> : null}
    </FieldBox>
  );
}
