/** The options tab (document 1 section 3, document 2 section 3): each company setting saved as soon as it changes. */
import { useTranslation } from 'react-i18next';
import { SCHEDULE_TYPES, TOGGLE_VALUES, type Setting } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { FieldBox, FormRow } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

/** The values each key accepts; chatBotType has the one value the spec names. */
function valuesOf(key: string): readonly string[] {
  if (key === 'scheduleType') return SCHEDULE_TYPES;
  if (key === 'chatBotType') return ['text'];
  return TOGGLE_VALUES;
}

export default function OptionsTab({ settings, onChanged }: { settings: Setting[]; onChanged(setting: Setting): void }) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();

  const change = async (key: string, value: string) => {
    try {
      onChanged(await api.settings.update(key, value));
      toast.success(t('web.backoffice.settings.updated'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <FormRow>
      {settings.map((setting) => {
        const id = `setting-${setting.key}`;
        const labelKey = `web.backoffice.settings.keys.${setting.key}`;
        return (
          <FieldBox key={setting.key}>
            <label htmlFor={id}>{i18n.exists(labelKey) ? t(labelKey) : setting.key}</label>
            <select id={id} name={setting.key} value={setting.value} onChange={(event) => void change(setting.key, event.target.value)}>
              {valuesOf(setting.key).map((value) => (
                <option key={value} value={value}>
                  {t(`web.backoffice.settings.values.${value}`)}
                </option>
              ))}
            </select>
          </FieldBox>
        );
      })}
    </FormRow>
  );
}
