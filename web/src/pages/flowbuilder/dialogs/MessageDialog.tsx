/** The message block: one text, with the stored variables at hand. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNodeData } from '@atende/shared';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';
import { VariableButtons } from './VariableButtons.js';

export function MessageDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['message']>) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(data?.label ?? '');
  const [error, setError] = useState<string>();
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = () => {
    if (!label.trim()) return setError(t('web.flowEditor.content.emptyText'));
    onSave({ label });
  };
  return (
    <BlockDialog editing={Boolean(data)} title={t(data ? 'web.flowEditor.message.editTitle' : 'web.flowEditor.message.addTitle')} onCancel={onCancel} onSubmit={submit}>
      <LabeledField label={t('web.flowEditor.message.text')} name="label" error={error}>
        {(id) => <textarea id={id} ref={field} name="label" rows={5} value={label} onChange={(event) => setLabel(event.target.value)} autoFocus />}
      </LabeledField>
      <VariableButtons target={field} value={label} onChange={setLabel} />
    </BlockDialog>
  );
}
