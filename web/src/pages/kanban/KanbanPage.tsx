/**
 * /kanban (document 2 sections 2 and 4, plan useKanban): open and pending tickets in lanes, the
 * first for tickets without a lane's tag, then one per tag flagged kanban. Dragging a card to
 * another lane swaps its lane tag; a click opens the ticket. The board follows tickets and tags live.
 */
import { useCallback, useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { formatPhoneNumber, safeColor, ticketIdOf, type MessageEvent, type Tag, type TagEvent, type Ticket, type TicketEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Chip } from '../../ui/controls.js';
import { formatShortDateTime } from '../../ui/format.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageFrame, PageHeader } from '../../ui/Page.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { isAdmin } from '../tickets/ticketRules.js';
import { buildLanes, laneOf, OPEN_LANE, tagsAfterMove } from './lanes.js';

const Board = styled.div`
  display: flex;
  max-width: 100%;
  gap: 12px;
  flex: 1;
  min-height: 0;
  overflow-x: auto;
  padding-bottom: 8px;
`;

const Column = styled.section<{ $color: string; $over: boolean }>`
  display: flex;
  flex-direction: column;
  flex: 0 0 min(280px, 82vw);
  min-width: 0;
  min-height: 0;
  border-radius: 8px;
  border-top: 4px solid ${({ $color }) => safeColor($color, OPEN_COLOR)};
  background: ${({ theme, $over }) => ($over ? theme.hover : theme.paper)};
  > header {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    padding: 10px 12px;
    font-weight: 600;
  }
  > header span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  > div {
    flex: 1;
    min-height: 60px;
    overflow-y: auto;
    padding: 0 8px 8px;
  }
  > div > p {
    color: ${({ theme }) => theme.textSecondary};
    text-align: center;
  }
`;

const Card = styled.article`
  margin-bottom: 8px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 6px;
  background: ${({ theme }) => theme.background};
  cursor: grab;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
  }
  strong {
    display: flex;
    justify-content: space-between;
    gap: 6px;
    min-width: 0;
  }
  strong span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    flex-shrink: 0;
  }
  small {
    color: ${({ theme }) => theme.textSecondary};
    font-weight: 400;
  }
  p {
    margin: 4px 0;
    color: ${({ theme }) => theme.textSecondary};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const OPEN_COLOR = '#5c6bc0';
const ON_BOARD: Ticket['status'][] = ['open', 'pending'];

export default function KanbanPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useErrorToast();
  const [laneTags, setLaneTags] = useState<Tag[]>([]);
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const [over, setOver] = useState<string | null>(null);
  const admin = isAdmin(user);
  const queueKey = user.queueIds.join(',');

  const loadLanes = useCallback(() => api.tags.kanban().then((answer) => setLaneTags(answer.lista), showError), [api, showError]);
  useEffect(() => {
    void loadLanes();
  }, [loadLanes]);
  useEffect(() => {
    // Only admins ask for every ticket; everyone's board is filtered by their own queues (document 2 section 6).
    api.tags.kanbanTickets({ queueIds: queueKey ? queueKey.split(',') : [], showAll: admin }).then((answer) => setTickets(answer.tickets), showError);
  }, [api, queueKey, admin, showError]);

  /** A ticket as pushed: on the board while open or pending, newest activity first. */
  const place = (ticket: Ticket) =>
    setTickets((current) => {
      const others = current.filter((candidate) => candidate.id !== ticket.id);
      return ON_BOARD.includes(ticket.status) ? [ticket, ...others] : others;
    });
  useChannel<TicketEvent>('ticket', (event) => {
    if (event.action === 'update') place(event.ticket);
    else if (event.action === 'delete') setTickets((current) => current.filter((ticket) => ticket.id !== ticketIdOf(event)));
  });
  useChannel<MessageEvent>('appMessage', (event) => place(event.ticket));
  useChannel<TagEvent>('tag', () => void loadLanes());

  const move = async (ticketId: string, target: string) => {
    const ticket = tickets.find((candidate) => candidate.id === ticketId);
    if (!ticket || laneOf(ticket, laneTags) === target) return;
    const tags = tagsAfterMove(ticket, laneTags, target);
    setTickets((current) => current.map((candidate) => (candidate.id === ticketId ? { ...candidate, tags } : candidate)));
    try {
      // The seed's calls: the old lane's tag link goes, the new lane's comes; other tags stay.
      await api.tags.clearTicket(ticketId);
      if (target !== OPEN_LANE) await api.tags.addToTicket(ticketId, target);
      toast.success(t('web.kanban.moved', { lane: laneTags.find((tag) => tag.id === target)?.name ?? t('web.kanban.open') }));
    } catch (error) {
      setTickets((current) => current.map((candidate) => (candidate.id === ticketId ? ticket : candidate)));
      showError(error);
    }
  };

  const dropOn = (key: string) => ({
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setOver(key);
    },
    onDragLeave: () => setOver((current) => (current === key ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(null);
      void move(event.dataTransfer.getData('text/plain'), key);
    },
  });

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.kanban')} />
      {laneTags.length === 0 ? (
        <EmptyState icon="kanban" title={t('web.kanban.noLanesTitle')} data-empty="kanban">
          {t('web.kanban.noLanes')} <Link to="/tags">{t('web.kanban.toTags')}</Link>
        </EmptyState>
      ) : null}
      <Board data-scroll-x aria-label={t('web.pages.kanban')}>
        {buildLanes(tickets, laneTags).map((lane) => (
          <Column key={lane.key} $color={lane.tag?.color ?? OPEN_COLOR} $over={over === lane.key} data-lane={lane.tag?.name ?? 'open'} {...dropOn(lane.key)}>
            <header>
              <span title={lane.tag?.name ?? t('web.kanban.open')}>{lane.tag?.name ?? t('web.kanban.open')}</span>
              <small>{lane.tickets.length}</small>
            </header>
            <div>
              {lane.tickets.length === 0 ? <p>{t('web.kanban.empty')}</p> : null}
              {lane.tickets.map((ticket) => (
                <Card
                  key={ticket.id}
                  draggable
                  data-card={ticket.contact?.name ?? ticket.id}
                  onDragStart={(event) => event.dataTransfer.setData('text/plain', ticket.id)}
                  tabIndex={0}
                  role="link"
                  onClick={() => navigate(`/tickets/${ticket.uuid}`)}
                  onKeyDown={(event) => event.key === 'Enter' && navigate(`/tickets/${ticket.uuid}`)}
                >
                  <strong>
                    <span>{ticket.contact?.name || formatPhoneNumber(ticket.contact?.number, ticket.contact?.isGroup)}</span>
                    <small>{formatShortDateTime(ticket.updatedAt)}</small>
                  </strong>
                  <p>{ticket.lastMessage}</p>
                  {ticket.tags.map((tag) => (
                    <Chip key={tag.id} $color={tag.color}>
                      {tag.name}
                    </Chip>
                  ))}
                </Card>
              ))}
            </div>
          </Column>
        ))}
      </Board>
    </PageFrame>
  );
}
