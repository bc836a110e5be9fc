/** Wire shapes of tags, ticket tags and the kanban board (document 2 sections 3, 4 and 7). */
import type { Ticket } from './tickets.js';

export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 50;
/** Color of a tag created without one (the dialog's palette offers 50). */
export const TAG_DEFAULT_COLOR = '#5c59a0';
/** Cards answered by GET /ticket/kanban at most (newest activity first); the spec shows no paging. */
export const KANBAN_TICKETS_MAX = 500;

export type KanbanFlag = 0 | 1;

export interface Tag {
  id: string;
  companyId: string;
  name: string;
  color: string;
  /** 1: the tag is a lane of the kanban board. */
  kanban: KanbanFlag;
  userId: string | null;
  /** Tickets carrying the tag (GET /tags only). */
  ticketsCount?: number;
  createdAt: string;
  updatedAt: string;
}

export interface TicketTagShort {
  id: string;
  name: string;
  color: string;
}

export interface TagsPage {
  tags: Tag[];
  count: number;
  hasMore: boolean;
}

/** A ticket's tags after POST /tags/sync or PUT /ticket-tags/{ticketId}/{tagId}. */
export interface TicketTags {
  ticketId: string;
  tags: TicketTagShort[];
}

/** A card of the kanban board: the ticket as the inbox shows it (contact, user, queue, tags). */
export type KanbanTicket = Ticket;

/** Payloads of the `tag` realtime channel. */
export type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: string };
