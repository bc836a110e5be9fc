/** The language radio (pt / en / es): a menu on the public pages, a group in the account menu. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LANGUAGES } from '@atende/shared';
import { IconButton } from '../ui/controls.js';
import { Popover } from '../ui/Popover.js';
import { useLanguage } from './language.js';

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 8px 16px;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.hover};
  }
`;

/** The three languages as radio buttons; `onChosen` runs after a change (closes a menu). */
export function LanguageChoices({ onChosen }: { onChosen?(): void }) {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  return (
    <div role="radiogroup" aria-label={t('web.language.title')}>
      {LANGUAGES.map((lang) => (
        <Choice key={lang}>
          <input
            type="radio"
            name="language"
            value={lang}
            checked={language === lang}
            onChange={() => {
              change(lang);
              onChosen?.();
            }}
          />
          {t(`web.language.${lang}`)}
        </Choice>
      ))}
    </div>
  );
}

export function LanguageMenu() {
  const { t } = useTranslation();
  return (
    <Popover label={t('web.language.title')} trigger={(toggle) => <IconButton icon="language" label={t('web.language.title')} onClick={toggle} data-language-menu />}>
      {(close) => <LanguageChoices onChosen={close} />}
    </Popover>
  );
}
