/**
 * Add / edit a queue integration (document 3 section 4, "Integration type decides fields shown"):
 * dialogflow shows name, language, project, credentials and the test button; n8n and webhook the
 * name and URL (and, saved, the signing secret); typebot the URL, slug, expiry, delay, keywords and
 * messages; flowbuilder the flow it starts. Name 2 to 50 characters ('Too Short!', 'Too Long!',
 * 'Required'), as the shared schema says.
 */
import { useCallback, useEffect, useState } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { QUEUE_INTEGRATION_LANGUAGES, QUEUE_INTEGRATION_TYPES, queueIntegrationCreateSchema, type Flow, type QueueIntegration, type QueueIntegrationWithSecret } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { loadAllFlows } from '../../app/flows.js';
import { Button } from '../../ui/controls.js';
import { Form } from '../../ui/DelayedForm.js';
import { ConfirmDialog, Dialog, FormActions } from '../../ui/Dialog.js';
import { FormRow, SelectField, TextField, useSchemaValidator, type ProblemTexts } from '../../ui/form.js';
import { useErrorText, useErrorToast, useToast } from '../../ui/toast.js';
import { FIELDS_BY_TYPE, integrationPayload, integrationValuesOf, newIntegrationValues, type IntegrationValues } from './integrationValues.js';

const Hint = styled.p`
  margin: -6px 0 12px;
  font-size: 12px;
  color: ${({ theme }) => theme.textSecondary};
`;

const Outcome = styled.p<{ $ok: boolean }>`
  margin: 0 0 12px;
  padding: 8px 10px;
  border-radius: 6px;
  border: 1px solid ${({ theme, $ok }) => ($ok ? theme.success : theme.error)};
  overflow-wrap: anywhere;
`;

const SecretRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;
  code {
    flex: 1;
    padding: 8px 10px;
    border-radius: 6px;
    background: ${({ theme }) => theme.hover};
  }
`;

const toNumber = (value: string) => (value === '' ? undefined : Number(value));

interface ModalProps {
  /** null: a new one. */
  integration: QueueIntegration | null;
  onClose(): void;
  onSaved(saved: QueueIntegrationWithSecret): void;
}

/** The dialogflow test button: the form's credentials against the agent, the answer shown below it. */
function TestSession({ integrationId }: { integrationId: string | null }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const errorText = useErrorText();
  const projectName = useField<string>('projectName', { subscription: { value: true } }).input.value;
  const jsonContent = useField<string>('jsonContent', { subscription: { value: true } }).input.value;
  const language = useField<IntegrationValues['language']>('language', { subscription: { value: true } }).input.value;
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const test = async () => {
    setTesting(true);
    setOutcome(null);
    try {
      const answer = await api.queueIntegrations.testSession({ projectName: projectName ?? '', jsonContent: jsonContent ?? '', language, id: integrationId });
      setOutcome(answer.ok ? { ok: true, text: t('web.queueIntegrations.testOk', { reply: answer.reply || answer.intent || '' }) } : { ok: false, text: t('web.queueIntegrations.testFailed', { reason: answer.reason ?? '' }) });
    } catch (error) {
      setOutcome({ ok: false, text: t('web.queueIntegrations.testFailed', { reason: errorText(error) }) });
    }
    setTesting(false);
  };
  return (
    <>
      <Button $variant="outlined" onClick={() => void test()} disabled={testing} data-test-session>
        {t(testing ? 'web.queueIntegrations.testing' : 'web.queueIntegrations.test')}
      </Button>
      {outcome ? (
        <Outcome role="status" $ok={outcome.ok} data-test-outcome={outcome.ok ? 'ok' : 'failed'} style={{ marginTop: 12 }}>
          {outcome.text}
        </Outcome>
      ) : null}
    </>
  );
}

/** The signing secret of a saved n8n or webhook integration, masked, and the button that makes a new one. */
function Secret({ integration, onRotated }: { integration: QueueIntegration; onRotated(saved: QueueIntegrationWithSecret): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const rotate = async () => {
    setBusy(true);
    try {
      onRotated(await api.queueIntegrations.rotateSecret(integration.id));
      setAsking(false);
    } catch (error) {
      showError(error);
    }
    setBusy(false);
  };
  return (
    <>
      <label htmlFor="integration-secret" style={{ fontSize: 12, fontWeight: 600 }}>
        {t('web.queueIntegrations.secret')}
      </label>
      <SecretRow>
        <code id="integration-secret" data-secret-mask>
          {integration.webhookSecret}
        </code>
        <Button $variant="outlined" onClick={() => setAsking(true)} data-rotate-secret>
          {t('web.queueIntegrations.rotate')}
        </Button>
      </SecretRow>
      <Hint>{t('web.queueIntegrations.secretHint')}</Hint>
      {asking ? (
        <ConfirmDialog title={t('web.queueIntegrations.rotateTitle')} onConfirm={() => void rotate()} onClose={() => setAsking(false)} busy={busy}>
          {t('web.queueIntegrations.rotateMessage')}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export default function QueueIntegrationModal({ integration: initial, onClose, onSaved }: ModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [integration, setIntegration] = useState(initial);
  const [flows, setFlows] = useState<Flow[]>([]);
  const texts: ProblemTexts = { flowId: { 'validation.required': 'web.queueIntegrations.flowRequired', 'validation.invalid': 'web.queueIntegrations.flowRequired' } };
  const checkSchema = useSchemaValidator<ReturnType<typeof integrationPayload>>(queueIntegrationCreateSchema, texts);
  const validate = useCallback((values: IntegrationValues) => checkSchema(integrationPayload(values)), [checkSchema]);

  useEffect(() => {
    loadAllFlows(api).then(setFlows, () => setFlows([]));
  }, [api]);

  const submit = async (values: IntegrationValues) => {
    try {
      const data = integrationPayload(values);
      const saved = integration ? await api.queueIntegrations.update(integration.id, data) : await api.queueIntegrations.create(data);
      toast.success(t('web.queueIntegrations.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const rotated = (saved: QueueIntegrationWithSecret) => {
    setIntegration(saved);
    onSaved(saved);
  };

  return (
    <Dialog title={t(integration ? 'web.queueIntegrations.editTitle' : 'web.queueIntegrations.addTitle')} onClose={onClose} width={640}>
      <Form<IntegrationValues> onSubmit={submit} validate={validate} initialValues={integration ? integrationValuesOf(integration) : newIntegrationValues()}>
        {({ handleSubmit, submitting, values }) => {
          const shown = new Set<string>(FIELDS_BY_TYPE[values.type]);
          const urlType = values.type === 'n8n' || values.type === 'webhook' || values.type === 'typebot' ? values.type : null;
          return (
            <form onSubmit={handleSubmit} noValidate aria-label={t('web.queueIntegrations.form')} data-integration-type={values.type}>
              <FormRow>
                <SelectField name="type" label={t('web.queueIntegrations.type')} options={QUEUE_INTEGRATION_TYPES.map((type) => ({ value: type, label: t(`web.queueIntegrations.types.${type}`) }))} />
                <TextField name="name" label={t('web.queueIntegrations.name')} autoFocus />
              </FormRow>
              {shown.has('language') ? (
                <FormRow>
                  <SelectField name="language" label={t('web.queueIntegrations.language')} options={QUEUE_INTEGRATION_LANGUAGES.map((language) => ({ value: language, label: t(`web.queueIntegrations.languages.${language}`) }))} />
                  <TextField name="projectName" label={t('web.queueIntegrations.projectName')} />
                </FormRow>
              ) : null}
              {shown.has('jsonContent') ? (
                <>
                  <TextField name="jsonContent" label={t('web.queueIntegrations.jsonContent')} multiline={6} autoComplete="off" spellCheck={false} />
                  <Hint>{t('web.queueIntegrations.jsonContentHint')}</Hint>
                  <TestSession integrationId={integration?.id ?? null} />
                </>
              ) : null}
              {urlType ? (
                <>
                  <TextField name="urlN8N" label={t('web.queueIntegrations.urlN8N')} inputMode="url" placeholder="https://" />
                  <Hint>{t(`web.queueIntegrations.urlHint.${urlType}`)}</Hint>
                </>
              ) : null}
              {(values.type === 'n8n' || values.type === 'webhook') && integration?.webhookSecret && values.type === integration.type ? <Secret integration={integration} onRotated={rotated} /> : null}
              {shown.has('typebotSlug') ? (
                <>
                  <TextField name="typebotSlug" label={t('web.queueIntegrations.typebotSlug')} />
                  <FormRow>
                    <TextField name="typebotExpires" label={t('web.queueIntegrations.typebotExpires')} type="number" min={0} parse={toNumber} />
                    <TextField name="typebotDelayMessage" label={t('web.queueIntegrations.typebotDelayMessage')} type="number" min={0} parse={toNumber} />
                  </FormRow>
                  <FormRow>
                    <TextField name="typebotKeywordFinish" label={t('web.queueIntegrations.typebotKeywordFinish')} />
                    <TextField name="typebotKeywordRestart" label={t('web.queueIntegrations.typebotKeywordRestart')} />
                  </FormRow>
                  <TextField name="typebotRestartMessage" label={t('web.queueIntegrations.typebotRestartMessage')} multiline={2} />
                  <TextField name="typebotUnknownMessage" label={t('web.queueIntegrations.typebotUnknownMessage')} multiline={2} />
                </>
              ) : null}
              {shown.has('flowId') ? (
                <>
                  <SelectField name="flowId" label={t('web.queueIntegrations.flow')} empty={t('web.queueIntegrations.pickerNone')} options={flows.map((flow) => ({ value: flow.id, label: flow.name }))} />
                  {flows.length === 0 ? <Hint>{t('web.queueIntegrations.noFlows')}</Hint> : null}
                </>
              ) : null}
              <FormActions onCancel={onClose} submitting={submitting} />
            </form>
          );
        }}
      </Form>
    </Dialog>
  );
}
