/** The bell of the top bar: unread tickets, newest first; a click opens the ticket. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, IconButton } from '../../ui/controls.js';
import { formatTime } from '../../ui/format.js';
import { MenuItem, Popover } from '../../ui/Popover.js';
import { useTicketNotifications } from './useTicketNotifications.js';

const Row = styled(MenuItem)`
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  min-width: 280px;
  strong {
    display: flex;
    justify-content: space-between;
    width: 100%;
  }
  span {
    color: ${({ theme }) => theme.textSecondary};
    max-width: 300px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Empty = styled.p`
  margin: 0;
  padding: 12px 16px;
  color: ${({ theme }) => theme.textSecondary};
`;

export function NotificationsPopover() {
  const { t } = useTranslation();
  const { tickets, open } = useTicketNotifications();
  return (
    <Popover
      label={t('web.notifications.title')}
      trigger={(toggle) => (
        <IconButton icon="bell" label={t('web.notifications.title')} onClick={toggle} data-count={tickets.length}>
          {tickets.length > 0 ? <Badge>{tickets.length}</Badge> : null}
        </IconButton>
      )}
    >
      {(close) =>
        tickets.length === 0 ? (
          <Empty>{t('web.notifications.empty')}</Empty>
        ) : (
          tickets.map((ticket) => (
            <Row
              key={ticket.id}
              onClick={() => {
                close();
                open(ticket);
              }}
            >
              <strong>
                {ticket.contact?.name ?? ticket.contact?.number}
                <small>{formatTime(ticket.updatedAt)}</small>
              </strong>
              <span>{ticket.lastMessage}</span>
            </Row>
          ))
        )
      }
    </Popover>
  );
}
