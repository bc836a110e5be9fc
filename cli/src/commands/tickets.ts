/**
 * atende tickets list|show|accept|transfer|close|reopen (document 1, the inbox): the lists with
 * every filter of GET /tickets (queues, users and tags by name), one ticket with its latest
 * messages, and the transitions of section 4 (ticketActions.ts). A ticket is named by its id or uuid.
 */
import { Option, type Command } from 'commander';
import { TICKET_STATUSES, TICKETS_PAGE_SIZE, ticketListQuery, type Ticket, type TicketListQuery } from '@atende/shared';
import { connect } from '../support/client.js';
import { action, commaList, examples, type Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';
import type { Texts } from '../support/i18n.js';
import { nameLookup } from '../support/names.js';
import { emit, warn } from '../support/output.js';
import { checked } from '../support/prompts.js';
import { ticketActionCommands } from './ticketActions.js';
import { messageLine, ticketDetails, ticketRef, ticketTable } from './ticketFormat.js';

interface ListOptions {
  status?: string;
  queues?: string;
  users?: string;
  tags?: string;
  search?: string;
  date?: string;
  updated?: string;
  all?: boolean;
  unread?: boolean;
  limit: string;
}

const LIMIT_MAX = 1000;

function limitOf(ctx: Context, raw: string): number {
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(ctx.t('errors.invalid', { option: '--limit', reason: ctx.texts.validation('min', { limit: 1 }) }));
  if (limit > LIMIT_MAX) throw new UsageError(ctx.t('errors.invalid', { option: '--limit', reason: ctx.texts.validation('max', { limit: LIMIT_MAX }) }));
  return limit;
}

async function list(ctx: Context, options: ListOptions): Promise<void> {
  const limit = limitOf(ctx, options.limit);
  const date = options.date === undefined ? undefined : checked<string>(ctx, '--date', ticketListQuery.extract('date'), options.date);
  const updatedAt = options.updated === undefined ? undefined : checked<string>(ctx, '--updated', ticketListQuery.extract('updatedAt'), options.updated);
  const { api } = await connect(ctx);
  const names = nameLookup(ctx, api);
  const query: TicketListQuery = {
    ...(options.status ? { status: options.status as Ticket['status'] } : {}),
    ...(options.search ? { searchParam: options.search } : {}),
    ...(date ? { date } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    showAll: options.all === true,
    withUnreadMessages: options.unread === true,
  };
  const queueIds = await names.many('queue', commaList(options.queues));
  const users = await names.many('user', commaList(options.users));
  const tags = await names.many('tag', commaList(options.tags));
  const filters = { ...query, ...(queueIds ? { queueIds } : {}), ...(users ? { users } : {}), ...(tags ? { tags } : {}) };
  const tickets: Ticket[] = [];
  let more = true;
  for (let pageNumber = 1; more && tickets.length < limit; pageNumber += 1) {
    const page = await api.tickets.list({ ...filters, pageNumber });
    tickets.push(...page.tickets);
    more = page.hasMore;
  }
  const shown = tickets.slice(0, limit);
  if (more || tickets.length > limit) warn(ctx.t('tickets.more', { count: shown.length }));
  emit(ctx, shown, () => (shown.length === 0 ? ctx.t('tickets.none') : ticketTable(ctx, shown)));
}

async function show(ctx: Context, options: { messages?: boolean }, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const ticket = await api.tickets.get(ticketRef(ctx, ref));
  if (!options.messages) {
    emit(ctx, ticket, () => ticketDetails(ctx, ticket));
    return;
  }
  const { messages } = await api.messages.list(ticket.id);
  emit(ctx, { ...ticket, messages }, () => `${ticketDetails(ctx, ticket)}\n\n${messages.length === 0 ? ctx.t('tickets.noMessages') : messages.map((message) => messageLine(ctx, message)).join('\n')}`);
}

export function ticketsCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const tickets = program.command('tickets').description(t('tickets.description'));
  tickets
    .command('list')
    .description(t('tickets.listDescription'))
    .addOption(new Option('--status <status>', t('tickets.statusOption')).choices(TICKET_STATUSES))
    .option('--queues <queues>', t('tickets.queuesOption'))
    .option('--users <users>', t('tickets.usersOption'))
    .option('--tags <tags>', t('tickets.tagsOption'))
    .option('--search <text>', t('tickets.searchOption'))
    .option('--date <YYYY-MM-DD>', t('tickets.dateOption'))
    .option('--updated <YYYY-MM-DD>', t('tickets.updatedOption'))
    .option('--all', t('tickets.allOption'))
    .option('--unread', t('tickets.unreadOption'))
    .option('--limit <n>', t('tickets.limitOption'), String(TICKETS_PAGE_SIZE))
    .addHelpText('after', examples(texts, [
      'atende tickets list --status pending',
      'atende tickets list --status open --queues Vendas,Suporte --all',
      'atende tickets list --status closed --users ana@acme.test --tags VIP --limit 200 --json',
      'atende tickets list --search "order 1234"',
    ]))
    .action(action(texts, list));
  tickets
    .command('show <ticket>')
    .description(t('tickets.showDescription'))
    .option('--messages', t('tickets.messagesOption'))
    .addHelpText('after', examples(texts, ['atende tickets show 66a1f0c2e4b0a1b2c3d4e5f6', 'atende tickets show 66a1f0c2e4b0a1b2c3d4e5f6 --messages --json']))
    .action(action(texts, show));
  ticketActionCommands(tickets, texts);
}
