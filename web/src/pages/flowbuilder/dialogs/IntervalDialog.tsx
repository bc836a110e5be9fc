/** The interval block: 1 to 120 seconds, with the spec's toasts (document 3 sections 5 and 8). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNodeData } from '@atende/shared';
import { intervalProblem, useEditorToast } from '../editorToast.js';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';

export function IntervalDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['interval']>) {
  const { t } = useTranslation();
  const toast = useEditorToast();
  const [seconds, setSeconds] = useState(data ? String(data.sec) : '');
  const change = (value: string) => {
    if (Number(value) > 120) toast.warning(t('web.flowEditor.interval.max'));
    setSeconds(value);
  };
  const submit = () => {
    const problem = intervalProblem(seconds);
    if (problem) return toast.error(t(problem));
    const sec = Number(seconds);
    onSave({ sec, label: t('web.flowEditor.interval.label', { sec }) });
  };
  return (
    <BlockDialog editing={Boolean(data)} title={t(data ? 'web.flowEditor.interval.editTitle' : 'web.flowEditor.interval.addTitle')} onCancel={onCancel} onSubmit={submit}>
      <LabeledField label={t('web.flowEditor.interval.seconds')} name="sec">
        {(id) => <input id={id} name="sec" type="number" inputMode="numeric" min={1} max={120} value={seconds} onChange={(event) => change(event.target.value)} autoFocus />}
      </LabeledField>
    </BlockDialog>
  );
}
