/** The top bar: drawer toggle, greeting (and due date for admins), realtime status, account tools. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Chat } from '@atende/shared';
import { IconButton } from '../../ui/controls.js';
import { formatDate } from '../../ui/format.js';
import { useApi, useUser } from '../api.js';
import { LanguageMenu } from '../LanguageMenu.js';
import { layout } from '../theme.js';
import { useThemeMode } from '../ThemeMode.js';
import { AnnouncementsPopover } from './AnnouncementsPopover.js';
import { ChatsPopover } from './ChatsPopover.js';
import { NotificationsPopover } from './NotificationsPopover.js';
import { UserMenu } from './UserMenu.js';
import { VolumeControl } from './VolumeControl.js';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 4px;
  height: ${layout.topBarHeight}px;
  padding: 0 8px;
  background: ${({ theme }) => theme.topBar};
  color: ${({ theme }) => theme.topBarText};
  flex-shrink: 0;
`;

const Greeting = styled.div`
  flex: 1;
  min-width: 0;
  padding: 0 8px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  small {
    margin-left: 10px;
    opacity: 0.8;
  }
`;

const Status = styled.span`
  padding: 2px 8px;
  border-radius: 10px;
  font-size: 12px;
  background: rgba(255, 255, 255, 0.18);
  white-space: nowrap;
`;

/** `chats`: the user's internal chats, null when the plan has no internal chat. */
export function TopBar({ onToggleDrawer, chats }: { onToggleDrawer(): void; chats: Chat[] | null }) {
  const { t } = useTranslation();
  const user = useUser();
  const { realtimeStatus } = useApi();
  const { mode, toggle } = useThemeMode();
  const dueDate = user.profile === 'admin' && user.company?.dueDate ? formatDate(user.company.dueDate) : null;
  return (
    <Bar>
      <IconButton icon="menu" label={t('web.menu.toggle')} onClick={onToggleDrawer} data-drawer-toggle />
      <Greeting data-greeting>
        {t('web.topBar.greeting', { name: user.name, company: user.company?.name ?? '' })}
        {dueDate ? <small data-due-date>{t('web.topBar.dueDate', { date: dueDate })}</small> : null}
      </Greeting>
      {realtimeStatus !== 'connected' ? <Status role="status">{t(`realtime.${realtimeStatus}`)}</Status> : null}
      <LanguageMenu />
      <IconButton icon={mode === 'dark' ? 'sun' : 'moon'} label={t('web.topBar.toggleTheme')} aria-pressed={mode === 'dark'} onClick={toggle} data-theme-toggle={mode} />
      <VolumeControl />
      <IconButton icon="refresh" label={t('web.topBar.refresh')} onClick={() => window.location.reload()} />
      <NotificationsPopover />
      <AnnouncementsPopover />
      {chats ? <ChatsPopover chats={chats} userId={user.id} /> : null}
      <UserMenu />
    </Bar>
  );
}
