/**
 * The question block: a multi-line message and the variable its answer is saved in; saving keeps
 * that name in the browser's 'variables' (the old one dropped when it changed, no duplicates).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNodeData } from '@atende/shared';
import { storeQuestionVariable } from '../variables.js';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';
import { VariableButtons } from './VariableButtons.js';

export function QuestionDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['question']>) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(data?.typebotIntegration.message ?? '');
  const [answerKey, setAnswerKey] = useState(data?.typebotIntegration.answerKey ?? '');
  const [errors, setErrors] = useState<{ message?: string; answerKey?: string }>({});
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = () => {
    const key = answerKey.trim();
    const found = { message: message.trim() ? undefined : t('web.flowEditor.required'), answerKey: key ? undefined : t('web.flowEditor.required') };
    setErrors(found);
    if (found.message || found.answerKey) return;
    storeQuestionVariable(key, data?.typebotIntegration.answerKey);
    onSave({ typebotIntegration: { message, answerKey: key } });
  };
  return (
    <BlockDialog editing={Boolean(data)} title={t(data ? 'web.flowEditor.question.editTitle' : 'web.flowEditor.question.addTitle')} onCancel={onCancel} onSubmit={submit}>
      <LabeledField label={t('web.flowEditor.question.message')} name="message" error={errors.message}>
        {(id) => <textarea id={id} ref={field} name="message" rows={4} value={message} onChange={(event) => setMessage(event.target.value)} autoFocus />}
      </LabeledField>
      <VariableButtons target={field} value={message} onChange={setMessage} />
      <LabeledField label={t('web.flowEditor.question.answerKey')} name="answerKey" error={errors.answerKey}>
        {(id) => <input id={id} name="answerKey" value={answerKey} onChange={(event) => setAnswerKey(event.target.value)} />}
      </LabeledField>
    </BlockDialog>
  );
}
