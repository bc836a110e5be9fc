/**
 * The internal chats of the top bar (document 1 section 2): the user's chats with their unread
 * counters; opening one is a full page load of /chats/{uuid}.
 */
import { useTranslation } from 'react-i18next';
import type { Chat } from '@atende/shared';
import { Badge, IconButton } from '../../ui/controls.js';
import { formatShortDateTime } from '../../ui/format.js';
import { Popover, PopoverEmpty, PopoverRow } from '../../ui/Popover.js';
import { unreadOf } from '../../pages/chats/chatRules.js';

export function ChatsPopover({ chats, userId }: { chats: Chat[]; userId: string }) {
  const { t } = useTranslation();
  const unread = chats.reduce((sum, chat) => sum + unreadOf(chat, userId), 0);
  return (
    <Popover
      label={t('web.chats.title')}
      trigger={(toggle) => (
        <IconButton icon="chats" label={t('web.chats.title')} onClick={toggle} count={unread} />
      )}
    >
      {() =>
        chats.length === 0 ? (
          <PopoverEmpty>{t('web.chats.empty')}</PopoverEmpty>
        ) : (
          chats.map((chat) => (
            <PopoverRow key={chat.id} data-chat={chat.title} onClick={() => window.location.assign(`/chats/${chat.uuid}`)}>
              <strong>
                {chat.title}
                {unreadOf(chat, userId) > 0 ? <Badge>{unreadOf(chat, userId)}</Badge> : <small>{formatShortDateTime(chat.updatedAt)}</small>}
              </strong>
              <span>{chat.lastMessage}</span>
            </PopoverRow>
          ))
        )
      }
    </Popover>
  );
}
