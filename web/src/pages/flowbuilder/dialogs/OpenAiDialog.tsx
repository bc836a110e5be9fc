/**
 * The OpenAI block (document 3 sections 3 and 5): name, API key (masked, with show/hide) and prompt
 * required; voice ('texto' answers in text), voice key and region, tokens, temperature, history
 * length, queue; projectName is the name on create.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_OPENAI_DEFAULTS, FLOW_OPENAI_VOICES, type FlowNodeData, type FlowOpenAiSettings } from '@atende/shared';
import { IconButton } from '../../../ui/controls.js';
import { FormRow } from '../../../ui/form.js';
import { voiceName } from '../nodes/blocks.js';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';
import { QueueOptions } from './QueueOptions.js';
import { useQueues } from './useQueues.js';

const EMPTY: FlowOpenAiSettings = { name: '', prompt: '', apiKey: '', voiceKey: '', voiceRegion: '', queueId: null, ...FLOW_OPENAI_DEFAULTS };

type Required = 'name' | 'apiKey' | 'prompt';

export function OpenAiDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['openai']>) {
  const { t } = useTranslation();
  const queues = useQueues();
  const [values, setValues] = useState<FlowOpenAiSettings>({ ...EMPTY, ...data?.typebotIntegration });
  const [errors, setErrors] = useState<Partial<Record<Required, string>>>({});
  const [keyShown, setKeyShown] = useState(false);
  const set = (patch: Partial<FlowOpenAiSettings>) => setValues((current) => ({ ...current, ...patch }));
  const submit = () => {
    const found: Partial<Record<Required, string>> = {};
    for (const key of ['name', 'apiKey', 'prompt'] as const) if (!values[key].trim()) found[key] = t('web.flowEditor.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSave({ typebotIntegration: { ...values, name: values.name.trim(), projectName: data ? (values.projectName ?? values.name.trim()) : values.name.trim() } });
  };
  const number = (key: 'maxTokens' | 'temperature' | 'maxMessages', step = 1) => (
    <LabeledField label={t(`web.flowEditor.openai.${key}`)} name={key}>
      {(id) => <input id={id} name={key} type="number" step={step} value={values[key]} onChange={(event) => set({ [key]: Number(event.target.value) })} />}
    </LabeledField>
  );
  return (
    <BlockDialog editing={Boolean(data)} title={t(data ? 'web.flowEditor.openai.editTitle' : 'web.flowEditor.openai.addTitle')} onCancel={onCancel} onSubmit={submit} width={620}>
      <LabeledField label={t('web.flowEditor.openai.name')} name="name" error={errors.name}>
        {(id) => <input id={id} name="name" value={values.name} onChange={(event) => set({ name: event.target.value })} autoFocus />}
      </LabeledField>
      <LabeledField label={t('web.flowEditor.openai.apiKey')} name="apiKey" error={errors.apiKey}>
        {(id) => (
          <div style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
            <input id={id} name="apiKey" type={keyShown ? 'text' : 'password'} autoComplete="off" value={values.apiKey} onChange={(event) => set({ apiKey: event.target.value })} />
            <IconButton
              icon={keyShown ? 'eyeOff' : 'eye'}
              label={t(keyShown ? 'web.flowEditor.openai.hideKey' : 'web.flowEditor.openai.showKey')}
              aria-pressed={keyShown}
              aria-controls={id}
              onClick={() => setKeyShown((shown) => !shown)}
            />
          </div>
        )}
      </LabeledField>
      <LabeledField label={t('web.flowEditor.openai.prompt')} name="prompt" error={errors.prompt}>
        {(id) => <textarea id={id} name="prompt" rows={6} value={values.prompt} onChange={(event) => set({ prompt: event.target.value })} />}
      </LabeledField>
      <FormRow>
        <LabeledField label={t('web.flowEditor.openai.voice')} name="voice">
          {(id) => (
            <select id={id} name="voice" value={values.voice} onChange={(event) => set({ voice: event.target.value })}>
              {FLOW_OPENAI_VOICES.map((voice) => (
                <option key={voice} value={voice}>
                  {voiceName(t, voice)}
                </option>
              ))}
            </select>
          )}
        </LabeledField>
        <LabeledField label={t('web.flowEditor.openai.voiceKey')} name="voiceKey">
          {(id) => <input id={id} name="voiceKey" value={values.voiceKey ?? ''} onChange={(event) => set({ voiceKey: event.target.value })} />}
        </LabeledField>
        <LabeledField label={t('web.flowEditor.openai.voiceRegion')} name="voiceRegion">
          {(id) => <input id={id} name="voiceRegion" value={values.voiceRegion ?? ''} onChange={(event) => set({ voiceRegion: event.target.value })} />}
        </LabeledField>
      </FormRow>
      <FormRow>
        {number('maxTokens')}
        {number('temperature', 0.1)}
        {number('maxMessages')}
      </FormRow>
      <LabeledField label={t('web.flowEditor.openai.queue')} name="queueId">
        {(id) => (
          <select id={id} name="queueId" value={values.queueId ?? ''} onChange={(event) => set({ queueId: event.target.value || null })}>
            <QueueOptions queues={queues} empty={t('web.flowEditor.openai.noQueue')} />
          </select>
        )}
      </LabeledField>
    </BlockDialog>
  );
}
