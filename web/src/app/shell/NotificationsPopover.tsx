/** The bell of the top bar: unread tickets, newest first; a click opens the ticket. */
import { formatPhoneNumber } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/controls.js';
import { formatTime } from '../../ui/format.js';
import { Popover, PopoverEmpty, PopoverRow } from '../../ui/Popover.js';
import { useTicketNotifications } from './useTicketNotifications.js';

export function NotificationsPopover() {
  const { t } = useTranslation();
  const { tickets, open } = useTicketNotifications();
  return (
    <Popover
      label={t('web.notifications.title')}
      trigger={(toggle) => (
        <IconButton icon="bell" label={t('web.notifications.title')} onClick={toggle} count={tickets.length} />
      )}
    >
      {(close) =>
        tickets.length === 0 ? (
          <PopoverEmpty>{t('web.notifications.empty')}</PopoverEmpty>
        ) : (
          tickets.map((ticket) => (
            <PopoverRow
              key={ticket.id}
              onClick={() => {
                close();
                open(ticket);
              }}
            >
              <strong>
                {ticket.contact?.name || formatPhoneNumber(ticket.contact?.number, ticket.contact?.isGroup)}
                <small>{formatTime(ticket.updatedAt)}</small>
              </strong>
              <span>{ticket.lastMessage}</span>
            </PopoverRow>
          ))
        )
      }
    </Popover>
  );
}
