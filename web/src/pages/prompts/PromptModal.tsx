/**
 * Add / edit a prompt (document 3 sections 3 and 5): name, prompt, model (the two offered, or any
 * name the endpoint serves), API key (masked, show/hide; the mask sent back keeps the stored key),
 * the sector, tokens, temperature (0 to 1 by 0.1), history length, and this implementation's
 * endpoint and phrases for a human.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEFAULT_HUMAN_PHRASES, PROMPT_DEFAULTS, PROMPT_MODELS, PROMPT_TEMPERATURE_STEP, promptFormSchema, type Prompt, type PromptData, type Queue } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Form } from '../../ui/DelayedForm.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { FormRow, PasswordField, SelectField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

/** The spec's labels of the offered models (product names: the same in every language). */
const MODEL_LABELS: Record<(typeof PROMPT_MODELS)[number], string> = { 'gpt-3.5-turbo-1106': 'GPT 3.5 turbo', 'gpt-4o-mini': 'GPT 4.0' };
const MODELS_LIST = 'prompt-models';

type PromptValues = Partial<Omit<PromptData, 'maxTokens' | 'temperature' | 'maxMessages'>> & { maxTokens?: number; temperature?: number; maxMessages?: number };

function valuesOf(prompt: Prompt | null): PromptValues {
  if (!prompt) return { name: '', prompt: '', apiKey: '', queueId: '', baseURL: '', humanPhrase: '', ...PROMPT_DEFAULTS };
  const { name, prompt: text, model, maxTokens, temperature, maxMessages, apiKey, queueId, baseURL, humanPhrase } = prompt;
  return { name, prompt: text, model, maxTokens, temperature, maxMessages, apiKey, queueId: queueId ?? '', baseURL, humanPhrase };
}

const Hint = styled.p`
  margin: -6px 0 12px;
  font-size: 12px;
  color: ${({ theme }) => theme.textSecondary};
`;

const toNumber = (value: string) => (value === '' ? undefined : Number(value));
const keep = (value: string) => value;

export default function PromptModal({ prompt, onClose, onSaved }: { prompt: Prompt | null; onClose(): void; onSaved(prompt: Prompt): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [queues, setQueues] = useState<Queue[]>([]);
  const validate = useSchemaValidator<PromptValues>(promptFormSchema, {
    queueId: { 'validation.required': 'web.prompts.queueRequired', 'validation.invalid': 'web.prompts.queueRequired' },
  });

  useEffect(() => {
    api.queues.list().then(setQueues, () => toast.error(t('web.common.searchQueueError')));
  }, [api, toast, t]);

  const submit = async (values: PromptValues) => {
    const data = { ...values, baseURL: values.baseURL ?? '', humanPhrase: values.humanPhrase ?? '' } as PromptData;
    try {
      const saved = prompt ? await api.prompts.update(prompt.id, data) : await api.prompts.create(data);
      toast.success(t('web.prompts.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Dialog title={t(prompt ? 'web.prompts.editTitle' : 'web.prompts.addTitle')} onClose={onClose} width={680}>
      <Form<PromptValues> onSubmit={submit} validate={validate} initialValues={valuesOf(prompt)}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.prompts.form')}>
            <TextField name="name" label={t('web.prompts.name')} autoFocus />
            <TextField name="prompt" label={t('web.prompts.prompt')} multiline={7} parse={keep} />
            <Hint>{t('web.prompts.promptHint')}</Hint>
            <FormRow>
              <TextField name="model" label={t('web.prompts.model')} list={MODELS_LIST} autoComplete="off" />
              <PasswordField name="apiKey" label={t('web.prompts.apiKey')} autoComplete="off" />
            </FormRow>
            <datalist id={MODELS_LIST}>
              {PROMPT_MODELS.map((model) => (
                <option key={model} value={model} label={MODEL_LABELS[model]} />
              ))}
            </datalist>
            <SelectField name="queueId" label={t('web.prompts.queue')} empty={t('web.common.none')} options={queues.map((queue) => ({ value: queue.id, label: queue.name }))} />
            <FormRow>
              <TextField name="maxTokens" label={t('web.prompts.maxTokens')} type="number" min={1} parse={toNumber} />
              <TextField name="temperature" label={t('web.prompts.temperature')} type="number" min={0} max={1} step={PROMPT_TEMPERATURE_STEP} parse={toNumber} />
              <TextField name="maxMessages" label={t('web.prompts.maxMessages')} type="number" min={1} parse={toNumber} />
            </FormRow>
            <TextField name="baseURL" label={t('web.prompts.baseURL')} placeholder={t('web.prompts.baseURLHint')} inputMode="url" autoComplete="off" />
            <TextField name="humanPhrase" label={t('web.prompts.humanPhrase')} placeholder={DEFAULT_HUMAN_PHRASES.join(', ')} autoComplete="off" />
            <Hint>{t('web.prompts.humanPhraseHint', { defaults: DEFAULT_HUMAN_PHRASES.join(', ') })}</Hint>
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
