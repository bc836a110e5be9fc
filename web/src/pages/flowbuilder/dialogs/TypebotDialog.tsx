/**
 * The TypeBot block: the fields of a typebot queue integration (document 3 section 3); name 2 to 50
 * characters ('Too Short!', 'Too Long!', 'Required', in the editor's language: the shared
 * validation texts); projectName follows the name; the URL follows the server's outboundUrl() rule.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, NAME_MIN, outboundUrl, type FlowNodeData, type FlowQueueIntegration } from '@atende/shared';
import { FormRow } from '../../../ui/form.js';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';

type TextKey = Exclude<keyof FlowQueueIntegration, 'typebotExpires' | 'typebotDelayMessage'>;
const DEFAULTS = { typebotExpires: 1, typebotDelayMessage: 1000 };

export function TypebotDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['typebot']>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FlowQueueIntegration>({ name: '', urlN8N: '', typebotSlug: '', ...DEFAULTS, ...data?.typebotIntegration });
  const [error, setError] = useState<string>();
  const [urlError, setUrlError] = useState<string>();
  const set = (patch: Partial<FlowQueueIntegration>) => setValues((current) => ({ ...current, ...patch }));
  const text = (key: TextKey, label: string, multiline = false) => (
    <LabeledField label={t(`web.flowEditor.typebot.${label}`)} name={key} error={key === 'name' ? error : key === 'urlN8N' ? urlError : undefined}>
      {(id) =>
        multiline ? (
          <textarea id={id} name={key} rows={2} value={values[key] ?? ''} onChange={(event) => set({ [key]: event.target.value })} />
        ) : (
          <input id={id} name={key} value={values[key] ?? ''} onChange={(event) => set({ [key]: event.target.value })} autoFocus={key === 'name'} />
        )
      }
    </LabeledField>
  );
  const number = (key: 'typebotExpires' | 'typebotDelayMessage', label: string) => (
    <LabeledField label={t(`web.flowEditor.typebot.${label}`)} name={key}>
      {(id) => <input id={id} name={key} type="number" min={0} value={values[key] ?? ''} onChange={(event) => set({ [key]: Number(event.target.value) })} />}
    </LabeledField>
  );
  const submit = () => {
    const name = values.name.trim();
    const problem = !name ? 'required' : name.length < NAME_MIN ? 'tooShort' : name.length > NAME_MAX ? 'tooLong' : null;
    setError(problem ? t(`validation.${problem}`) : undefined);
    // The server's rule (shared): an http(s) address without credentials; where it leads is checked there.
    const url = outboundUrl().allow('').validate(values.urlN8N ?? '');
    setUrlError(url.error ? t('web.flowEditor.typebot.invalidUrl') : undefined);
    if (problem || url.error) return;
    onSave({ typebotIntegration: { ...values, name, projectName: name, urlN8N: url.value } });
  };
  return (
    <BlockDialog editing={Boolean(data)} title={t(data ? 'web.flowEditor.typebot.editTitle' : 'web.flowEditor.typebot.addTitle')} onCancel={onCancel} onSubmit={submit} width={620}>
      {text('name', 'name')}
      <FormRow>
        {text('urlN8N', 'url')}
        {text('typebotSlug', 'slug')}
      </FormRow>
      <FormRow>
        {number('typebotExpires', 'expires')}
        {number('typebotDelayMessage', 'delay')}
      </FormRow>
      <FormRow>
        {text('typebotKeywordFinish', 'keywordFinish')}
        {text('typebotKeywordRestart', 'keywordRestart')}
      </FormRow>
      {text('typebotRestartMessage', 'restartMessage', true)}
      {text('typebotUnknownMessage', 'unknownMessage', true)}
    </BlockDialog>
  );
}
