/**
 * The options tab (document 1 section 3, document 2 section 3): each company setting saved as soon
 * as it changes; the yes/no ones as switches with a line saying what they do, the others as selects
 * (the time zone among the IANA names).
 */
import { useTranslation } from 'react-i18next';
import { SCHEDULE_TYPES, TEXT_SETTING_KEYS, timeZoneNames, TOGGLE_VALUES, type Setting } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { FieldBox, FormRow } from '../../ui/form.js';
import { Switch } from '../../ui/Switch.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

/** The values each key accepts; chatBotType has the one value the spec names; timeZone '' is the server's. */
function valuesOf(key: string): readonly string[] {
  if (key === 'scheduleType') return SCHEDULE_TYPES;
  if (key === 'chatBotType') return ['text'];
  if (key === 'timeZone') return ['', ...timeZoneNames()];
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

  const labelOf = (key: string) => {
    const labelKey = `web.backoffice.settings.keys.${key}`;
    return i18n.exists(labelKey) ? t(labelKey) : key;
  };
  // Text settings are edited where they apply (the AI endpoint on the prompts page).
  const options = settings.filter((setting) => !(TEXT_SETTING_KEYS as readonly string[]).includes(setting.key));
  const toggles = options.filter((setting) => valuesOf(setting.key) === TOGGLE_VALUES);
  const choices = options.filter((setting) => valuesOf(setting.key) !== TOGGLE_VALUES);

  return (
    <>
      <div data-setting-switches>
        {toggles.map((setting) => {
          const descriptionKey = `web.backoffice.settings.descriptions.${setting.key}`;
          return (
            <Switch
              key={setting.key}
              name={setting.key}
              label={labelOf(setting.key)}
              description={i18n.exists(descriptionKey) ? t(descriptionKey) : undefined}
              checked={setting.value === 'enabled'}
              onChange={(event) => void change(setting.key, event.target.checked ? 'enabled' : 'disabled')}
            />
          );
        })}
      </div>
      <FormRow>
      {choices.map((setting) => {
        const id = `setting-${setting.key}`;
        return (
          <FieldBox key={setting.key}>
            <label htmlFor={id}>{labelOf(setting.key)}</label>
            <select id={id} name={setting.key} value={setting.value} onChange={(event) => void change(setting.key, event.target.value)}>
              {valuesOf(setting.key).map((value) => (
                <option key={value} value={value}>
                  {setting.key !== 'timeZone' ? t(`web.backoffice.settings.values.${value}`) : value || t('web.backoffice.settings.values.operatorZone')}
                </option>
              ))}
            </select>
          </FieldBox>
        );
      })}
      </FormRow>
    </>
  );
}
