/** The user menu of the top bar: profile (the user modal on oneself) and logout. */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useUser } from '../api.js';
import { Icon } from '../../ui/icons.js';
import { IconButton } from '../../ui/controls.js';
import { MenuItem, Popover } from '../../ui/Popover.js';
import { useErrorToast } from '../../ui/toast.js';

const UserModal = lazy(() => import('../../pages/users/UserModal.js'));

export function UserMenu() {
  const { t } = useTranslation();
  const { logout } = useApi();
  const user = useUser();
  const showError = useErrorToast();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Popover label={t('web.userMenu.title')} trigger={(toggle) => <IconButton icon="user" label={t('web.userMenu.title')} onClick={toggle} />}>
        {(close) => (
          <>
            <MenuItem
              onClick={() => {
                close();
                setProfileOpen(true);
              }}
            >
              <Icon name="user" /> {t('web.userMenu.profile')}
            </MenuItem>
            <MenuItem onClick={() => logout().catch(showError)}>
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
