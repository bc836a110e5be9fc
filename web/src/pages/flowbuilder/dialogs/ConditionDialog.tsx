/** The condition block: a stored variable (or the customer's last message), an operator, a value. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_CONDITION_OPERATORS, type FlowConditionOperator, type FlowNodeData } from '@atende/shared';
import { readVariables } from '../variables.js';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';

export function ConditionDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['condition']>) {
  const { t } = useTranslation();
  const [key, setKey] = useState(data?.key ?? '');
  const [condition, setCondition] = useState<FlowConditionOperator>(data?.condition ?? 'equals');
  const [value, setValue] = useState(data?.value ?? '');
  const [error, setError] = useState<string>();
  // A key no longer in this browser's list (another browser wrote it) stays choosable.
  const keys = [...new Set([...readVariables(), ...(key ? [key] : [])])];
  const submit = () => {
    if (!value.trim()) return setError(t('web.flowEditor.required'));
    onSave({ key, condition, value });
  };
  return (
    <BlockDialog editing={Boolean(data)} title={t(data ? 'web.flowEditor.condition.editTitle' : 'web.flowEditor.condition.addTitle')} onCancel={onCancel} onSubmit={submit}>
      <LabeledField label={t('web.flowEditor.condition.key')} name="key">
        {(id) => (
          <select id={id} name="key" value={key} onChange={(event) => setKey(event.target.value)}>
            <option value="">{t('web.flowEditor.condition.lastMessage')}</option>
            {keys.map((name) => (
              <option key={name} value={name}>{`{{${name}}}`}</option>
            ))}
          </select>
        )}
      </LabeledField>
      <LabeledField label={t('web.flowEditor.condition.operator')} name="condition">
        {(id) => (
          <select id={id} name="condition" value={condition} onChange={(event) => setCondition(event.target.value as FlowConditionOperator)}>
            {FLOW_CONDITION_OPERATORS.map((operator) => (
              <option key={operator} value={operator}>
                {t(`web.flowEditor.condition.operators.${operator}`)}
              </option>
            ))}
          </select>
        )}
      </LabeledField>
      <LabeledField label={t('web.flowEditor.condition.value')} name="value" error={error}>
        {(id) => <input id={id} name="value" value={value} onChange={(event) => setValue(event.target.value)} />}
      </LabeledField>
    </BlockDialog>
  );
}
