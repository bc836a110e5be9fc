/** Wire shapes of tickets and messages (document 1 section 3). */
import type { ContactExtraInfo } from './contacts.js';
import type { Profile } from './enums.js';
import type { TicketFlowEnd, TicketFlowRun } from './flows.js';
import type { TicketIntegrationRun } from './queueIntegrations.js';
import type { TicketAiError } from './prompts.js';
import type { MessageEdit } from './messageActions.js';
import type { MessageOrigin } from './messageOrigin.js';
import type { MessageReaction } from './reactions.js';

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Page sizes of the inbox lists (the spec does not show them; the anchors use these). */
export const TICKETS_PAGE_SIZE = 40;
export const MESSAGES_PAGE_SIZE = 20;

export interface TicketContact {
  id: string;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  /** The contact's extra information: on a single ticket (GET /tickets/{id}), not in lists. */
  extraInfo?: ContactExtraInfo[];
}

export interface Ticket {
  id: string;
  uuid: string;
  status: TicketStatus;
  contactId: string;
  contact: TicketContact | null;
  userId: string | null;
  user: { id: string; name: string } | null;
  queueId: string | null;
  queue: { id: string; name: string; color: string } | null;
  whatsappId: string | null;
  whatsapp: { id: string; name: string } | null;
  isGroup: boolean;
  chatbot: boolean;
  lastMessage: string;
  /** The customer's latest message as lists preview it ('' until the customer writes): not the bot's greeting or our replies. */
  lastCustomerMessage: string;
  /** Since when the customer waits for an agent (ISO): since the ticket became pending; null unless pending. */
  waitingSince: string | null;
  unreadMessages: number;
  useIntegration: boolean;
  promptId: string | null;
  integrationId: string | null;
  /** The flow running in the conversation (issue 15), null when none runs. */
  flowRun: TicketFlowRun | null;
  /** Why the last flow stopped when it failed or looped (issue 29), null otherwise. */
  flowEnd: TicketFlowEnd | null;
  /** The queue integration answering the customer, or that handed the ticket over (issue 16); null when none. */
  integrationRun: TicketIntegrationRun | null;
  /**
   * An automation (the AI assistant) handed the customer to the agents: it waits for one, and no
   * automation answers it again until it is closed.
   */
  handedOver: boolean;
  /** The AI assistant's last failure on this ticket (cleared by its next answer), null when none. */
  aiError: TicketAiError | null;
  tags: { id: string; name: string; color: string }[];
  createdAt: string;
  updatedAt: string;
}

/**
 * Realtime pushes and page answers can overtake each other (a message's copy of its ticket taken
 * before a resolve may arrive after the resolve's): an older copy never replaces a newer one.
 */
export function isNewerTicket(incoming: Pick<Ticket, 'updatedAt'>, current: Pick<Ticket, 'updatedAt'> | undefined): boolean {
  return !current || incoming.updatedAt >= current.updatedAt;
}

/** The order of every ticket list (the server's): latest activity first, then the newer id. */
export function byLatestActivity(a: Pick<Ticket, 'id' | 'updatedAt'>, b: Pick<Ticket, 'id' | 'updatedAt'>): number {
  return b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id);
}

/** The list order=oldest answers: least recent activity first (the reverse of byLatestActivity). */
export function byEarliestActivity(a: Pick<Ticket, 'id' | 'updatedAt'>, b: Pick<Ticket, 'id' | 'updatedAt'>): number {
  return byLatestActivity(b, a);
}

/** What a ticket event carries when it does not carry the whole ticket (a delete, a read). */
export interface TicketRef {
  id: string;
  userId: string | null;
  queueId: string | null;
}

/** Payloads of the `ticket` realtime channel. */
export type TicketEvent = { action: 'update'; ticket: Ticket } | { action: 'updateUnread' | 'delete'; ticketId: string; ticket: TicketRef };

/** The id of the ticket an event is about. */
export function ticketIdOf(event: TicketEvent): string {
  return event.action === 'update' ? event.ticket.id : event.ticketId;
}

export interface TicketsPage {
  tickets: Ticket[];
  hasMore: boolean;
}

export type MessageMediaType =
  | 'chat'
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'document'
  | 'sticker'
  | 'locationMessage'
  | 'vcard'
  | 'contactMessage'
  | 'call_log'
  | 'reaction';

export interface QuotedMessage {
  id: string;
  body: string;
  fromMe: boolean;
  mediaType: MessageMediaType;
  mediaUrl: string | null;
  contact: { id: string; name: string } | null;
}

export interface Message {
  id: string;
  ticketId: string;
  contactId: string | null;
  contact: { id: string; name: string } | null;
  /** The agent who wrote it in the inbox; null for customers' and automatic messages. */
  user?: { id: string; name: string } | null;
  /** What sent a message of ours (an agent, the API, a flow...); null for customers' messages and older ones. */
  origin: MessageOrigin | null;
  body: string;
  fromMe: boolean;
  /** Who wrote a message we sent (only they may delete it); null for customers' and automatic ones. */
  userId: string | null;
  read: boolean;
  /** 0 waiting to be sent, 1 sent, 2 delivered, 3 read, 4/5 played. */
  ack: number;
  mediaType: MessageMediaType;
  mediaUrl: string | null;
  /** Why the media is missing (an ERR_ code: download failed or refused); null when it is there or none was sent. */
  mediaError: string | null;
  /** The file's own name (a document's, a voice note's); null without media. */
  mediaName: string | null;
  /** The file's size in bytes; null without media or when it was not recorded. */
  mediaSize: number | null;
  quotedMsg: QuotedMessage | null;
  isDeleted: boolean;
  isEdited: boolean;
  /** Earlier bodies of an edited message, oldest first (at most EDIT_HISTORY_MAX). */
  editHistory: MessageEdit[];
  /** One per sender (the company's is `sender: 'me'`), shown as chips under the message. */
  reactions: MessageReaction[];
  /** Sent as forwarded (WhatsApp shows it so). */
  forwarded: boolean;
  /** The body starts with the agent's signature `*Name*:` and a new line (signOption). */
  signed: boolean;
  /** Why the last attempt to send it failed (an ERR_ code); null when none failed. */
  sendError: string | null;
  /** The server gave up sending it (all its attempts failed): it waits for a retry (sendError says why). */
  sendFailed: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * Who may delete a message (document 1: only its author): a message we sent by its author; one
 * without an author (automatic, sent through the API) by an admin.
 */
export function mayDeleteMessage(message: Pick<Message, 'fromMe' | 'userId'>, user: { id: string; profile: Profile; super: boolean }): boolean {
  if (!message.fromMe) return false;
  return message.userId ? message.userId === user.id : user.super || user.profile === 'admin';
}

/**
 * Copies of one message (the send's answer, pushes of its acks, its deletion or edit) can overtake
 * each other: the later copy wins, but an ack never goes back and a deleted message stays deleted.
 */
export function mergeMessage(known: Message | undefined, incoming: Message): Message {
  if (!known) return incoming;
  const [newer, older] = incoming.updatedAt >= known.updatedAt ? [incoming, known] : [known, incoming];
  return { ...newer, ack: Math.max(newer.ack, older.ack), isDeleted: newer.isDeleted || older.isDeleted };
}

export interface MessagesPage {
  messages: Message[];
  ticket: Ticket;
  count: number;
  hasMore: boolean;
}

/** A list's order: latest activity first (the default), or the least recent first (who waits longest). */
export const TICKET_LIST_ORDERS = ['newest', 'oldest'] as const;
export type TicketListOrder = (typeof TICKET_LIST_ORDERS)[number];

/** GET /tickets filters (document 1 section 7), and the order (not in the spec). */
export interface TicketListQuery {
  searchParam?: string;
  pageNumber?: number;
  status?: TicketStatus;
  /** Sent as JSON arrays, as the web does. */
  tags?: string[];
  users?: string[];
  queueIds?: string[];
  /** YYYY-MM-DD */
  date?: string;
  updatedAt?: string;
  showAll?: boolean;
  withUnreadMessages?: boolean;
  order?: TicketListOrder;
}

/** POST /tickets */
export interface TicketCreate {
  contactId: string;
  queueId?: string | null;
  whatsappId?: string | null;
  userId?: string | null;
  status?: 'open';
}

/** PUT /tickets/{id}: accept { status: 'open', userId }, return { status: 'pending' }, resolve { status: 'closed', ... }, transfer { queueId, userId }. */
export interface TicketUpdate {
  status?: TicketStatus;
  userId?: string | null;
  queueId?: string | null;
  whatsappId?: string;
  useIntegration?: boolean;
  promptId?: string | false | null;
  integrationId?: string | false | null;
}

/** What ERR_OTHER_OPEN_TICKET tells of the other ticket to a user who may not see it. */
export type OtherTicketRef = Pick<Ticket, 'id' | 'uuid' | 'status' | 'userId' | 'queueId'>;

/**
 * Answer of ERR_OTHER_OPEN_TICKET: the contact's ticket already open (whole when the user may see
 * it, else only its reference), its user and queue.
 */
export interface OtherOpenTicket {
  ticket: Ticket | OtherTicketRef;
  user: { id: string; name: string } | null;
  queue: { id: string; name: string } | null;
}

/** Payloads of the `appMessage` realtime channel: the message and its ticket as they are now. */
export interface MessageEvent {
  action: 'create' | 'update';
  message: Message;
  ticket: Ticket;
}
