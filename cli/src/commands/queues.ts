/**
 * atende queues list|show|create|update|delete (document 2, queues; admins write): a queue is
 * named by its id or its name; its options tree lives in `queues options` (queueOptions.ts).
 */
import type { Command } from 'commander';
import { queueCreateSchema, queueUpdateSchema, type Queue } from '@atende/shared';
import type { QueueData } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import type { Texts } from '../support/i18n.js';
import { nameLookup } from '../support/names.js';
import { details, emit, table } from '../support/output.js';
import { ask, checkedFields } from '../support/prompts.js';
import { removeConfirmed } from '../support/remove.js';
import { optionRows, optionsTable, queueOptionsCommand } from './queueOptions.js';

interface QueueOptions {
  name?: string;
  color?: string;
  order?: string;
  greeting?: string;
  outOfHours?: string;
}

const OPTION_OF = { name: '--name', color: '--color', orderQueue: '--order', greetingMessage: '--greeting', outOfHoursMessage: '--out-of-hours' };

/** Colours offered to a queue created without one: the first the company does not use yet (colours are unique). */
const COLORS = ['#5c59a0', '#2e7d32', '#c62828', '#ef6c00', '#1565c0', '#6a1b9a', '#00838f', '#ad1457', '#4e342e', '#f9a825', '#37474f', '#558b2f'];

function freeColor(queues: Queue[]): string | undefined {
  const used = new Set(queues.map((queue) => queue.color.toLowerCase()));
  return COLORS.find((color) => !used.has(color));
}

function fieldsOf(options: QueueOptions): Record<string, unknown> {
  return { name: options.name, color: options.color, orderQueue: options.order, greetingMessage: options.greeting, outOfHoursMessage: options.outOfHours };
}

function queueTable(ctx: Context, queues: Queue[]): string {
  const { t } = ctx;
  return table(queues, [
    { label: 'ID', value: (q) => q.id },
    { label: t('common.name'), value: (q) => q.name },
    { label: t('queues.color'), value: (q) => q.color },
    { label: t('queues.order'), value: (q) => q.orderQueue },
    { label: t('queues.greeting'), value: (q) => q.greetingMessage },
  ]);
}

function queueDetails(ctx: Context, queue: Queue): string {
  const { t } = ctx;
  const lines = details([
    ['ID', queue.id],
    [t('common.name'), queue.name],
    [t('queues.color'), queue.color],
    [t('queues.order'), queue.orderQueue],
    [t('queues.greeting'), queue.greetingMessage],
    [t('queues.outOfHours'), queue.outOfHoursMessage],
  ]);
  const rows = optionRows(queue.options ?? []);
  return rows.length === 0 ? `${lines}\n${t('queues.noOptions')}` : `${lines}\n${t('queues.optionsTitle')}\n${optionsTable(ctx, rows)}`;
}

async function list(ctx: Context): Promise<void> {
  const { api } = await connect(ctx);
  const queues = await api.queues.list();
  emit(ctx, queues, () => queueTable(ctx, queues));
}

async function show(ctx: Context, _options: object, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const queue = await api.queues.get(await nameLookup(ctx, api).one('queue', ref));
  emit(ctx, queue, () => queueDetails(ctx, queue));
}

async function create(ctx: Context, options: QueueOptions): Promise<void> {
  const { t } = ctx;
  const { api } = await connect(ctx);
  const existing = await api.queues.list();
  const fields = fieldsOf(options);
  fields.name = await ask(ctx, options.name, { option: '--name', message: t('queues.namePrompt'), rule: queueCreateSchema.extract('name') });
  fields.color = options.color ?? freeColor(existing);
  // From the second queue on, the chatbot's menu needs a greeting (the server refuses without one).
  if (options.greeting === undefined && existing.length > 0 && ctx.interactive) {
    fields.greetingMessage = await ask(ctx, undefined, { option: '--greeting', message: t('queues.greetingPrompt') });
  }
  const queue = await api.queues.create(checkedFields<QueueData>(ctx, queueCreateSchema, fields, OPTION_OF));
  emit(ctx, queue, () => `${t('queues.created', { name: queue.name, id: queue.id })}\n${queueTable(ctx, [queue])}`);
}

async function update(ctx: Context, options: QueueOptions, ref: string): Promise<void> {
  const data = checkedFields<Partial<QueueData>>(ctx, queueUpdateSchema, fieldsOf(options), OPTION_OF);
  const { api } = await connect(ctx);
  const queue = await api.queues.update(await nameLookup(ctx, api).one('queue', ref), data);
  emit(ctx, queue, () => `${ctx.t('queues.updated', { name: queue.name })}\n${queueTable(ctx, [queue])}`);
}

async function remove(ctx: Context, _options: object, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const queue = await api.queues.get(await nameLookup(ctx, api).one('queue', ref));
  await removeConfirmed(ctx, queue.id, () => api.queues.remove(queue.id), `${queue.name} (${queue.id})`);
}

function queueOptions(command: Command, texts: Texts): Command {
  const { t } = texts;
  return command
    .option('--name <name>', t('queues.nameOption'))
    .option('--color <color>', t('queues.colorOption'))
    .option('--order <n>', t('queues.orderOption'))
    .option('--greeting <text>', t('queues.greetingOption'))
    .option('--out-of-hours <text>', t('queues.outOfHoursOption'));
}

export function queuesCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const queues = program.command('queues').description(t('queues.description'));
  queues
    .command('list')
    .description(t('queues.listDescription'))
    .addHelpText('after', examples(texts, ['atende queues list', 'atende queues list --json']))
    .action(action(texts, list));
  queues
    .command('show <queue>')
    .description(t('queues.showDescription'))
    .addHelpText('after', examples(texts, ['atende queues show Vendas', 'atende queues show 66a1f0c2e4b0a1b2c3d4e5f6 --json']))
    .action(action(texts, show));
  queueOptions(queues.command('create'), texts)
    .description(t('queues.createDescription'))
    .addHelpText('after', examples(texts, ['atende queues create --name Vendas', 'atende queues create --name Suporte --color "#1565c0" --order 2 --greeting "Hello! Pick an option:" --json']))
    .action(action(texts, create));
  queueOptions(queues.command('update <queue>'), texts)
    .description(t('queues.updateDescription'))
    .addHelpText('after', examples(texts, ['atende queues update Vendas --name "Vendas online"', 'atende queues update Suporte --out-of-hours "We answer from 8 to 18."']))
    .action(action(texts, update));
  queues
    .command('delete <queue>')
    .description(t('queues.deleteDescription'))
    .addHelpText('after', examples(texts, ['atende queues delete Vendas', 'atende queues delete 66a1f0c2e4b0a1b2c3d4e5f6 --yes']))
    .action(action(texts, remove));
  queueOptionsCommand(queues, texts);
}
