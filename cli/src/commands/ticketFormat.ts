/** How tickets and their messages are named and shown by the tickets commands. */
import { MESSAGE_ORIGINS, formatPhoneNumber, messageAuthor, ticketRefParams, type Message, type MessageOrigin, type Ticket } from '@atende/shared';
import type { Context } from '../support/context.js';
import { details, table } from '../support/output.js';
import { checked } from '../support/prompts.js';

const SHOWN_TEXT = 50;

/** The ticket's id or uuid, checked as the route checks it. */
export function ticketRef(ctx: Context, ref: string): string {
  return checked<string>(ctx, '<ticket>', ticketRefParams.extract('ref'), ref);
}

function shortened(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SHOWN_TEXT ? `${line.slice(0, SHOWN_TEXT - 1)}…` : line;
}

function when(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16);
}

export function statusText(ctx: Context, ticket: Pick<Ticket, 'status'>): string {
  return ctx.t(`tickets.statuses.${ticket.status}`);
}

export function ticketTable(ctx: Context, tickets: Ticket[]): string {
  const { t } = ctx;
  return table(tickets, [
    { label: 'ID', value: (ticket) => ticket.id },
    { label: t('common.status'), value: (ticket) => statusText(ctx, ticket) },
    { label: t('tickets.contact'), value: (ticket) => ticket.contact?.name },
    { label: t('tickets.number'), value: (ticket) => formatPhoneNumber(ticket.contact?.number, ticket.contact?.isGroup) },
    { label: t('tickets.queue'), value: (ticket) => ticket.queue?.name },
    { label: t('tickets.user'), value: (ticket) => ticket.user?.name },
    { label: t('tickets.unread'), value: (ticket) => ticket.unreadMessages },
    { label: t('tickets.updated'), value: (ticket) => when(ticket.updatedAt) },
    { label: t('tickets.lastMessage'), value: (ticket) => shortened(ticket.lastMessage) },
  ]);
}

export function ticketDetails(ctx: Context, ticket: Ticket): string {
  const { t } = ctx;
  return details([
    ['ID', ticket.id],
    ['UUID', ticket.uuid],
    [t('common.status'), statusText(ctx, ticket)],
    [t('tickets.contact'), ticket.contact?.name],
    [t('tickets.number'), formatPhoneNumber(ticket.contact?.number, ticket.contact?.isGroup)],
    [t('tickets.queue'), ticket.queue?.name],
    [t('tickets.user'), ticket.user?.name],
    [t('tickets.connection'), ticket.whatsapp?.name],
    [t('tickets.tags'), ticket.tags.map((tag) => tag.name).join(', ')],
    [t('tickets.unread'), ticket.unreadMessages],
    [t('tickets.flow'), ticket.flowRun?.flowName],
    [t('tickets.created'), when(ticket.createdAt)],
    [t('tickets.updated'), when(ticket.updatedAt)],
    [t('tickets.lastMessage'), ticket.lastMessage],
  ]);
}

/** Where a message of ours is: still being sent, or given up by the server (and why). */
function sendState(ctx: Context, message: Message): string {
  if (message.sendFailed) return ` ${ctx.t('tickets.sendFailed', { reason: ctx.texts.error(message.sendError ?? 'ERR_SENDING_WAPP_MSG') })}`;
  return message.fromMe && message.ack === 0 && !message.isDeleted ? ` ${ctx.t('tickets.sending')}` : '';
}

export function messageLine(ctx: Context, message: Message): string {
  const { t } = ctx;
  const sender = messageAuthor(message);
  // An origin this version does not know (a newer server) reads as automatic.
  const origin: Exclude<MessageOrigin, 'automatic'> | null = sender && 'origin' in sender && sender.origin !== 'automatic' && MESSAGE_ORIGINS.includes(sender.origin) ? sender.origin : null;
  const author = !sender ? (message.contact?.name ?? t('tickets.customer')) : 'agent' in sender ? sender.agent : origin ? t(`tickets.origins.${origin}`) : t('tickets.automatic');
  const media = message.mediaType === 'chat' ? '' : `[${message.mediaType}] `;
  const body = message.isDeleted ? t('tickets.deletedMessage') : `${media}${message.body}`;
  return `${when(message.createdAt)}  ${author}: ${body}${sendState(ctx, message)}`;
}
