/**
 * The account menu of the top bar: who is signed in, profile (the user modal on oneself), the
 * interface settings (language, theme, notification volume), the keyboard shortcuts, reload and
 * logout. The only way to sign out, so it stays visible down to 320 px.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useApi, useUser } from '../api.js';
import { LanguageChoices } from '../LanguageMenu.js';
import { useThemeMode } from '../ThemeMode.js';
import { Icon } from '../../ui/icons.js';
import { Avatar } from '../../ui/Avatar.js';
import { MenuItem, Popover } from '../../ui/Popover.js';
import { useErrorToast } from '../../ui/toast.js';
import { VolumeControl } from './VolumeControl.js';

const UserModal = lazy(() => import('../../pages/users/UserModal.js'));

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  padding: 2px;
  border: none;
  border-radius: 50%;
  background: transparent;
  cursor: pointer;
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 8px 16px 10px;
  min-width: 240px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  strong,
  small {
    display: block;
  }
  small {
    color: ${({ theme }) => theme.textSecondary};
  }
`;

const Section = styled.div`
  padding: 4px 0;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  > h3 {
    margin: 6px 16px 0;
    font-size: 11px;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.textSecondary};
  }
`;

export function UserMenu({ onShowShortcuts }: { onShowShortcuts(): void }) {
  const { t } = useTranslation();
  const { logout } = useApi();
  const user = useUser();
  const { mode, toggle } = useThemeMode();
  const showError = useErrorToast();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Popover
        label={t('web.userMenu.title')}
        trigger={(open) => (
          <Trigger type="button" aria-label={t('web.userMenu.title')} title={t('web.userMenu.title')} onClick={open} data-account-menu>
            <Avatar name={user.name} size={32} />
          </Trigger>
        )}
      >
        {(close) => (
          <>
            <Who>
              <Avatar name={user.name} size={36} />
              <div>
                <strong>{user.name}</strong>
                <small>{user.company?.name ?? user.email}</small>
              </div>
            </Who>
            <Section>
              <MenuItem
                onClick={() => {
                  close();
                  setProfileOpen(true);
                }}
              >
                <Icon name="user" /> {t('web.userMenu.profile')}
              </MenuItem>
              <MenuItem role="switch" aria-checked={mode === 'dark'} onClick={toggle} data-theme-toggle={mode}>
                <Icon name={mode === 'dark' ? 'sun' : 'moon'} /> {t('web.topBar.darkTheme')}
              </MenuItem>
              <MenuItem
                onClick={() => {
                  close();
                  onShowShortcuts();
                }}
              >
                <Icon name="keyboard" /> {t('web.shortcuts.title')}
              </MenuItem>
              <MenuItem onClick={() => window.location.reload()}>
                <Icon name="refresh" /> {t('web.topBar.refresh')}
              </MenuItem>
            </Section>
            <Section>
              <h3>{t('web.language.title')}</h3>
              <LanguageChoices />
            </Section>
            <Section>
              <VolumeControl />
            </Section>
            <MenuItem onClick={() => logout().catch(showError)} data-logout>
              <Icon name="logout" /> {t('web.userMenu.logout')}
            </MenuItem>
          </>
        )}
      </Popover>
      {profileOpen ? (
        <Suspense fallback={null}>
          <UserModal userId={user.id} onClose={() => setProfileOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
