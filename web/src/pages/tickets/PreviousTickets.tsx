/**
 * The contact's other tickets, newest first (the contact panel): what was talked about before,
 * when and by whom. Found by the contact's number among the tickets the user may see.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { formatShortDateTime } from '../../ui/format.js';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li + li {
    border-top: 1px solid ${({ theme }) => theme.border};
  }
  a {
    display: block;
    padding: 6px 0;
    color: inherit;
    text-decoration: none;
  }
  a:hover span {
    text-decoration: underline;
  }
  small {
    display: block;
    font-size: 12px;
    color: ${({ theme }) => theme.textSecondary};
  }
  span {
    display: block;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
`;

export function PreviousTickets({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const [others, setOthers] = useState<Ticket[] | null>(null);
  const number = ticket.contact?.number ?? '';

  useEffect(() => {
    if (!number) return;
    let active = true;
    api.tickets
      .list({ searchParam: number, showAll: true })
      .then((page) => active && setOthers(page.tickets.filter((other) => other.contactId === ticket.contactId && other.id !== ticket.id)))
      // A side list: when it cannot load, the panel says there is nothing rather than a toast.
      .catch(() => active && setOthers([]));
    return () => {
      active = false;
    };
  }, [api, number, ticket.contactId, ticket.id]);

  if (others === null) return null;
  if (others.length === 0) return <p data-previous-tickets="0">{t('web.inbox.contact.noPrevious')}</p>;
  return (
    <List data-previous-tickets={others.length}>
      {others.map((other) => (
        <li key={other.id}>
          <Link to={`/tickets/${other.uuid}`} data-previous-ticket={other.uuid}>
            <small>
              {t(`web.inbox.status.${other.status}`)} · {formatShortDateTime(other.updatedAt)}
              {other.user ? ` · ${other.user.name}` : ''}
            </small>
            <span>{other.lastMessage || '—'}</span>
          </Link>
        </li>
      ))}
    </List>
  );
}
