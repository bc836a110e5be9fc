/** The language radio (pt / en / es), on the public pages and in the top bar. */
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

export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  return (
    <Popover label={t('web.language.title')} trigger={(toggle) => <IconButton icon="language" label={t('web.language.title')} onClick={toggle} data-language-menu />}>
      {(close) => (
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
                  close();
                }}
              />
              {t(`web.language.${lang}`)}
            </Choice>
          ))}
        </div>
      )}
    </Popover>
  );
}
