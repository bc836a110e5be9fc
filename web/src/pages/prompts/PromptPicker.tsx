/**
 * The prompt picker of the queue and connection dialogs (field promptId): offered when the plan has
 * useOpenAi; otherwise the stored choice is kept as it is, unseen.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prompt } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { guardContextOf } from '../../app/guard.js';
import { hasPlanFlag } from '../../app/routes.js';
import { SelectField } from '../../ui/form.js';
import { useErrorToast } from '../../ui/toast.js';

export function PromptPicker() {
  const { t } = useTranslation();
  const { api, user } = useApi();
  const showError = useErrorToast();
  const offered = hasPlanFlag(guardContextOf(user), 'useOpenAi');
  const [prompts, setPrompts] = useState<Prompt[]>([]);

  useEffect(() => {
    if (offered) api.prompts.list().then((answer) => setPrompts(answer.prompts), showError);
  }, [api, offered, showError]);

  if (!offered) return null;
  return <SelectField name="promptId" label={t('web.prompts.picker')} empty={t('web.common.none')} options={prompts.map((prompt) => ({ value: prompt.id, label: prompt.name }))} />;
}
