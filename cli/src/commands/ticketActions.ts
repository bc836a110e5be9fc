/**
 * The ticket transitions of document 1 section 4, as the console and the terminal inbox make
 * them: accept (pending -> open, assigned), transfer (to a queue, where it waits, and/or to a
 * user or connection), close (-> closed, keeping its user) and reopen (closed -> open, assigned).
 * A ticket already where the command would take it is left alone (a note, exit 0, so that scripts
 * can run twice); one the command cannot take there is a usage error saying what would.
 */
import type { Command } from 'commander';
import type { Ticket, TicketUpdate } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';
import type { Texts } from '../support/i18n.js';
import { nameLookup } from '../support/names.js';
import { emit, warn } from '../support/output.js';
import { statusText, ticketRef, ticketTable } from './ticketFormat.js';

/** The signed-in user (the session carries it, also with ATENDE_TOKEN). */
function me(api: ApiClient): string {
  return api.session.get()!.user.id;
}

function done(ctx: Context, ticket: Ticket, text: string): void {
  emit(ctx, ticket, () => `${text}\n${ticketTable(ctx, [ticket])}`);
}

function unchanged(ctx: Context, ticket: Ticket, note: string): void {
  warn(note);
  emit(ctx, ticket, () => ticketTable(ctx, [ticket]));
}

async function accept(ctx: Context, options: { user?: string }, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const ticket = await api.tickets.get(ticketRef(ctx, ref));
  const userId = (await nameLookup(ctx, api).optional('user', options.user)) ?? me(api);
  const { t } = ctx;
  if (ticket.status === 'open' && ticket.userId === userId) return unchanged(ctx, ticket, t('tickets.alreadyAccepted', { id: ticket.id, user: ticket.user?.name }));
  if (ticket.status !== 'pending') throw new UsageError(t('tickets.notPending', { id: ticket.id, status: statusText(ctx, ticket) }));
  const updated = await api.tickets.update(ticket.id, { status: 'open', userId });
  done(ctx, updated, t('tickets.accepted', { id: updated.id, user: updated.user?.name }));
}

async function transfer(ctx: Context, options: { queue?: string; user?: string; connection?: string }, ref: string): Promise<void> {
  const { t } = ctx;
  if (options.queue === undefined && options.user === undefined && options.connection === undefined) throw new UsageError(t('tickets.transferNeeds'));
  const id = ticketRef(ctx, ref);
  const { api } = await connect(ctx);
  const names = nameLookup(ctx, api);
  const update: TicketUpdate = {};
  if (options.queue !== undefined) update.queueId = await names.one('queue', options.queue);
  // To a queue without a user the ticket waits there for anyone of the queue (pending).
  if (options.user !== undefined) update.userId = await names.one('user', options.user);
  else if (update.queueId) update.userId = null;
  if (options.connection !== undefined) update.whatsappId = await names.one('connection', options.connection);
  const ticket = await api.tickets.get(id);
  if (ticket.status === 'closed') throw new UsageError(t('tickets.closedTransfer', { id: ticket.id }));
  const updated = await api.tickets.update(ticket.id, update);
  done(ctx, updated, t('tickets.transferred', { id: updated.id, queue: updated.queue?.name ?? '-', user: updated.user?.name ?? '-', status: statusText(ctx, updated) }));
}

async function close(ctx: Context, _options: object, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const ticket = await api.tickets.get(ticketRef(ctx, ref));
  if (ticket.status === 'closed') return unchanged(ctx, ticket, ctx.t('tickets.alreadyClosed', { id: ticket.id }));
  const updated = await api.tickets.update(ticket.id, { status: 'closed' });
  done(ctx, updated, ctx.t('tickets.closed', { id: updated.id }));
}

async function reopen(ctx: Context, options: { user?: string }, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const ticket = await api.tickets.get(ticketRef(ctx, ref));
  const { t } = ctx;
  if (ticket.status === 'open') return unchanged(ctx, ticket, t('tickets.alreadyOpen', { id: ticket.id, user: ticket.user?.name ?? '-' }));
  if (ticket.status === 'pending') throw new UsageError(t('tickets.pendingReopen', { id: ticket.id }));
  const userId = (await nameLookup(ctx, api).optional('user', options.user)) ?? me(api);
  const updated = await api.tickets.update(ticket.id, { status: 'open', userId, queueId: ticket.queueId });
  done(ctx, updated, t('tickets.reopened', { id: updated.id, user: updated.user?.name }));
}

export function ticketActionCommands(tickets: Command, texts: Texts): void {
  const { t } = texts;
  tickets
    .command('accept <ticket>')
    .description(t('tickets.acceptDescription'))
    .option('--user <user>', t('tickets.acceptUserOption'))
    .addHelpText('after', examples(texts, ['atende tickets accept 66a1f0c2e4b0a1b2c3d4e5f6', 'atende tickets accept 66a1f0c2e4b0a1b2c3d4e5f6 --user ana@acme.test --json']))
    .action(action(texts, accept));
  tickets
    .command('transfer <ticket>')
    .description(t('tickets.transferDescription'))
    .option('--queue <queue>', t('tickets.queueOption'))
    .option('--user <user>', t('tickets.userOption'))
    .option('--connection <connection>', t('tickets.connectionOption'))
    .addHelpText('after', examples(texts, [
      'atende tickets transfer 66a1f0c2e4b0a1b2c3d4e5f6 --queue Suporte',
      'atende tickets transfer 66a1f0c2e4b0a1b2c3d4e5f6 --queue Vendas --user ana@acme.test',
      'atende tickets transfer 66a1f0c2e4b0a1b2c3d4e5f6 --connection Demo --json',
    ]))
    .action(action(texts, transfer));
  tickets
    .command('close <ticket>')
    .alias('resolve')
    .description(t('tickets.closeDescription'))
    .addHelpText('after', examples(texts, ['atende tickets close 66a1f0c2e4b0a1b2c3d4e5f6', 'atende tickets resolve 66a1f0c2e4b0a1b2c3d4e5f6 --json']))
    .action(action(texts, close));
  tickets
    .command('reopen <ticket>')
    .description(t('tickets.reopenDescription'))
    .option('--user <user>', t('tickets.acceptUserOption'))
    .addHelpText('after', examples(texts, ['atende tickets reopen 66a1f0c2e4b0a1b2c3d4e5f6', 'atende tickets reopen 66a1f0c2e4b0a1b2c3d4e5f6 --user ana@acme.test']))
    .action(action(texts, reopen));
}
