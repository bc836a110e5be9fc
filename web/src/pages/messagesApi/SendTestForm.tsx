/** One test form of the messages API page: text, or media with its caption; shows the curl it stands for and the answer. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { messagesApiTestSchema } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Form } from '../../ui/DelayedForm.js';
import { FieldBox, SelectField, TextField, useSchemaValidator, type Option, type ProblemTexts } from '../../ui/form.js';
import { curlCommand } from './curl.js';

interface TestValues {
  token: string;
  number: string;
  body: string;
}

/** Code that may scroll sideways: focusable, so keyboard users can scroll it too. */
export const Code = styled.pre.attrs({ tabIndex: 0 })`
  margin: 8px 0;
  padding: 12px;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.background};
  color: ${({ theme }) => theme.text};
  font-size: 12px;
  white-space: pre-wrap;
  word-break: break-all;
`;

const NUMBER_TEXTS: ProblemTexts = { number: { 'validation.invalid': 'web.messagesApi.numberRule' } };

export function SendTestForm({ mode, tokens }: { mode: 'text' | 'media'; tokens: Option[] }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const validate = useSchemaValidator<TestValues>(messagesApiTestSchema, NUMBER_TEXTS);
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<{ status: number; body: unknown } | null>(null);
  const [fileMissing, setFileMissing] = useState(false);

  const submit = async (values: TestValues) => {
    if (mode === 'media' && !file) {
      setFileMissing(true);
      return;
    }
    try {
      const sent = await api.externalSend.send({ token: values.token, number: values.number, body: values.body, ...(file && mode === 'media' ? { medias: [{ blob: file, fileName: file.name }] } : {}) });
      setAnswer({ status: 200, body: sent });
    } catch (error) {
      setAnswer(error instanceof ApiError ? { status: error.status, body: error.data } : { status: 0, body: String(error) });
    }
  };

  const initial: TestValues = { token: tokens[0]?.value ?? '', number: '', body: '' };
  // The connections arrive after the page: their first token fills the field, what the user has
  // typed meanwhile stays.
  return (
    <Form<TestValues> onSubmit={submit} validate={validate} initialValues={initial} keepDirtyOnReinitialize>
      {({ handleSubmit, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={t(`web.messagesApi.${mode}Form`)} data-test-form={mode}>
          {tokens.length > 0 ? (
            <SelectField name="token" label={t('web.messagesApi.connection')} options={tokens} />
          ) : (
            <TextField name="token" label={t('web.messagesApi.token')} autoComplete="off" />
          )}
          <TextField name="number" label={t('web.messagesApi.number')} inputMode="numeric" placeholder="5511999999999" />
          <TextField name="body" label={t(mode === 'media' ? 'web.messagesApi.caption' : 'web.messagesApi.body')} multiline={3} />
          {mode === 'media' ? (
            <FieldBox>
              <label htmlFor="messages-api-file">{t('web.messagesApi.file')}</label>
              <input
                id="messages-api-file"
                type="file"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileMissing(false);
                }}
              />
              {fileMissing ? <span role="alert">{t('web.messagesApi.fileRequired')}</span> : null}
            </FieldBox>
          ) : null}
          <Code data-curl>{curlCommand({ origin: window.location.origin, token: values.token ?? '', number: values.number ?? '', body: values.body ?? '', ...(mode === 'media' ? { fileName: file?.name ?? 'file.png' } : {}) })}</Code>
          <Button type="submit" disabled={submitting}>
            {t('web.messagesApi.send')}
          </Button>
          {answer ? (
            <>
              <h3>{t('web.messagesApi.answer', { status: answer.status })}</h3>
              <Code data-answer={answer.status}>{JSON.stringify(answer.body, null, 2)}</Code>
            </>
          ) : null}
        </form>
      )}
    </Form>
  );
}
