/**
 * The top bar, light: the drawer toggle, the greeting of the user and the company, the company's
 * due date for admins (document 1 section 1; a warning when the subscription is about to end),
 * the realtime status when it is not connected, then the notifications, announcements, internal
 * chats and the account menu (language, theme and volume are in there). Every icon has its name
 * as a tooltip and an accessible label.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SUBSCRIPTION_WARNING_DAYS, type Chat } from '@atende/shared';
import { IconButton } from '../../ui/controls.js';
import { formatDate } from '../../ui/format.js';
import { useApi, useUser } from '../api.js';
import { layout } from '../theme.js';
import { AnnouncementsPopover } from './AnnouncementsPopover.js';
import { ChatsPopover } from './ChatsPopover.js';
import { NotificationsPopover } from './NotificationsPopover.js';
import { UserMenu } from './UserMenu.js';

const DAY_MS = 86_400_000;

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 2px;
  height: ${layout.topBarHeight}px;
  padding: 0 8px;
  background: ${({ theme }) => theme.paper};
  color: ${({ theme }) => theme.text};
  border-bottom: 1px solid ${({ theme }) => theme.border};
  flex-shrink: 0;
  > .spacer {
    flex: 1;
    min-width: 0;
  }
`;

/** One compact line; narrow screens keep the bar for the buttons. */
const Greeting = styled.span`
  margin-left: 6px;
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  font-size: 13.5px;
  color: ${({ theme }) => theme.textSecondary};
  strong {
    color: ${({ theme }) => theme.text};
    font-weight: 600;
  }
  @media (max-width: 599px) {
    display: none;
  }
`;

const Notice = styled.span<{ $tone: 'warning' | 'info' | 'neutral' }>`
  margin: 0 6px;
  padding: 2px 10px;
  border-radius: 10px;
  font-size: 12px;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  min-width: 0;
  color: ${({ theme, $tone }) => ($tone === 'neutral' ? theme.textSecondary : theme[$tone])};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'neutral' ? theme.border : 'currentColor')};
`;

/** The due date, when an admin's subscription ends in fewer than SUBSCRIPTION_WARNING_DAYS days. */
export function dueSoon(dueDate: string | null | undefined, now = Date.now()): boolean {
  if (!dueDate) return false;
  const left = new Date(dueDate).getTime() - now;
  return left < SUBSCRIPTION_WARNING_DAYS * DAY_MS;
}

/** `chats`: the user's internal chats, null when the plan has no internal chat. */
export function TopBar({ onToggleDrawer, chats, onShowShortcuts }: { onToggleDrawer(): void; chats: Chat[] | null; onShowShortcuts(): void }) {
  const { t } = useTranslation();
  const user = useUser();
  const { realtimeStatus } = useApi();
  const dueDate = user.company?.dueDate;
  const showDue = (user.profile === 'admin' || user.super) && Boolean(dueDate);
  const company = user.company?.name ?? '';
  return (
    <Bar>
      <IconButton icon="menu" label={t('web.menu.toggle')} onClick={onToggleDrawer} data-drawer-toggle />
      <Greeting data-greeting title={t('web.topBar.greeting', { name: user.name, company })}>
        {t('web.topBar.hello', { name: user.name })} · <strong>{company}</strong>
      </Greeting>
      <span className="spacer" />
      {showDue ? (
        <Notice $tone={dueSoon(dueDate) ? 'warning' : 'neutral'} data-due-date data-due-soon={dueSoon(dueDate)} title={t('web.topBar.dueDate', { date: formatDate(dueDate) })}>
          {t('web.topBar.dueDate', { date: formatDate(dueDate) })}
        </Notice>
      ) : null}
      {realtimeStatus !== 'connected' ? (
        <Notice $tone="info" role="status">
          {t(`realtime.${realtimeStatus}`)}
        </Notice>
      ) : null}
      <NotificationsPopover />
      <AnnouncementsPopover />
      {chats ? <ChatsPopover chats={chats} userId={user.id} /> : null}
      <UserMenu onShowShortcuts={onShowShortcuts} />
    </Bar>
  );
}
