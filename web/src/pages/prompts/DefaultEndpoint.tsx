/**
 * The company's default endpoint (setting openAiBaseUrl): prompts without an address of their own
 * call it; empty, the server's (ATENDE_OPENAI_BASE_URL). Kept live by the settings channel.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { openAiBaseUrl, type Setting } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button } from '../../ui/controls.js';
import { FieldBox, FieldError } from '../../ui/form.js';
import { Paper } from '../../ui/Page.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

const KEY = 'openAiBaseUrl';

const Box = styled(Paper)`
  padding: 12px 16px;
  h2 {
    margin: 0 0 4px;
    font-size: 15px;
  }
  p {
    margin: 0 0 10px;
    font-size: 13px;
    color: ${({ theme }) => theme.textSecondary};
  }
  form {
    display: flex;
    gap: 8px;
    align-items: flex-start;
  }
  ${FieldBox} {
    flex: 1;
    margin: 0;
  }
`;

export function DefaultEndpoint() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // What the user typed before the stored value arrived is not overwritten by it.
  const typed = useRef(false);

  useEffect(() => {
    api.settings.list().then((settings) => {
      if (!typed.current) setValue(settings.find((setting) => setting.key === KEY)?.value ?? '');
    }, showError);
  }, [api, showError]);
  useChannel<{ action: string; setting: Setting }>('settings', (event) => {
    if (event.setting?.key === KEY) setValue(event.setting.value);
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = openAiBaseUrl.validate(value).error;
    setError(invalid ? t('validation.invalid') : null);
    if (invalid) return;
    try {
      setValue((await api.settings.update(KEY, value.trim())).value);
      toast.success(t('web.prompts.endpoint.saved'));
    } catch (failure) {
      showError(failure);
    }
  };

  return (
    <Box data-default-endpoint>
      <h2>{t('web.prompts.endpoint.title')}</h2>
      <p>{t('web.prompts.endpoint.hint')}</p>
      <form onSubmit={(event) => void save(event)} noValidate>
        <FieldBox>
          <input aria-label={t('web.prompts.endpoint.label')} name={KEY} value={value} inputMode="url" placeholder="https://api.openai.com/v1" onChange={(event) => {
              typed.current = true;
              setValue(event.target.value);
            }} aria-invalid={Boolean(error)} />
          {error ? <FieldError data-error-for={KEY}>{error}</FieldError> : null}
        </FieldBox>
        <Button type="submit">{t('web.prompts.endpoint.save')}</Button>
      </form>
    </Box>
  );
}
