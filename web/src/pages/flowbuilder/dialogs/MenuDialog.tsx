/** The menu block: a message and options numbered from 1; only the last option can be removed. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FLOW_MENU_OPTIONS_MAX, type FlowNodeData } from '@atende/shared';
import { Button, IconButton } from '../../../ui/controls.js';
import { FieldError } from '../../../ui/form.js';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';
import { VariableButtons } from './VariableButtons.js';

const OptionRow = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 4px;
  > :first-child {
    flex: 1;
  }
  > button {
    margin-bottom: 14px;
  }
`;

export function MenuDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['menu']>) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(data?.message ?? '');
  const [options, setOptions] = useState<string[]>(data?.arrayOption.map((option) => option.value) ?? ['']);
  const [errors, setErrors] = useState<{ message?: string; options?: string }>({});
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = () => {
    const found = {
      message: message.trim() ? undefined : t('web.flowEditor.required'),
      options: options.length === 0 ? t('web.flowEditor.menu.atLeastOne') : options.some((value) => !value.trim()) ? t('web.flowEditor.menu.optionsRequired') : undefined,
    };
    setErrors(found);
    if (found.message || found.options) return;
    onSave({ message, arrayOption: options.map((value, index) => ({ number: index + 1, value })) });
  };
  return (
    <BlockDialog editing={Boolean(data)} title={t(data ? 'web.flowEditor.menu.editTitle' : 'web.flowEditor.menu.addTitle')} onCancel={onCancel} onSubmit={submit}>
      <LabeledField label={t('web.flowEditor.menu.message')} name="message" error={errors.message}>
        {(id) => <textarea id={id} ref={field} name="message" rows={4} value={message} onChange={(event) => setMessage(event.target.value)} autoFocus />}
      </LabeledField>
      <VariableButtons target={field} value={message} onChange={setMessage} />
      {options.map((value, index) => (
        <OptionRow key={index}>
          <LabeledField label={t('web.flowEditor.menu.option', { number: index + 1 })} name={`option${index + 1}`}>
            {(id) => (
              <input
                id={id}
                name={`option${index + 1}`}
                value={value}
                onChange={(event) => setOptions((current) => current.map((other, at) => (at === index ? event.target.value : other)))}
              />
            )}
          </LabeledField>
          {index === options.length - 1 ? (
            <IconButton icon="trash" label={t('web.flowEditor.menu.removeOption')} onClick={() => setOptions((current) => current.slice(0, -1))} />
          ) : null}
        </OptionRow>
      ))}
      {errors.options ? <FieldError data-error-for="options">{errors.options}</FieldError> : null}
      <div>
        <Button $variant="text" disabled={options.length >= FLOW_MENU_OPTIONS_MAX} onClick={() => setOptions((current) => [...current, ''])}>
          {t('web.flowEditor.menu.addOption')}
        </Button>
      </div>
    </BlockDialog>
  );
}
