/**
 * atende queues options list|add|update|delete: the queue's chatbot menu (document 2, queue
 * options). An option is named by its id, its path of option numbers as the customer types them
 * (`2.1`: option 1 under option 2), or its title.
 */
import type { Command } from 'commander';
import { queueOptionCreateSchema, queueOptionUpdateSchema, TOP_LEVEL_OPTION, type QueueOption } from '@atende/shared';
import type { ApiClient, QueueOptionData } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';
import type { Texts } from '../support/i18n.js';
import { knownList, nameLookup, pickByName } from '../support/names.js';
import { emit, table } from '../support/output.js';
import { ask, checkedFields } from '../support/prompts.js';
import { removeConfirmed } from '../support/remove.js';

export interface OptionRow {
  option: QueueOption;
  /** Option numbers from the top: "2.1". */
  path: string;
  depth: number;
}

interface OptionFlags {
  title?: string;
  message?: string;
  option?: string;
  parent?: string;
}

const OPTION_OF = { title: '--title', message: '--message', option: '--option', parentId: '--parent' };

function byOption(a: QueueOption, b: QueueOption): number {
  return a.option.localeCompare(b.option, undefined, { numeric: true });
}

/** The tree depth first, each option under its parent (one whose parent is gone shows at the top). */
export function optionRows(options: QueueOption[]): OptionRow[] {
  const ids = new Set(options.map((option) => option.id));
  const parentOf = (option: QueueOption) => (option.parentId !== TOP_LEVEL_OPTION && ids.has(option.parentId) ? option.parentId : TOP_LEVEL_OPTION);
  const rows: OptionRow[] = [];
  const walk = (parent: string | typeof TOP_LEVEL_OPTION, prefix: string, depth: number): void => {
    for (const option of options.filter((item) => parentOf(item) === parent).sort(byOption)) {
      const path = prefix ? `${prefix}.${option.option}` : option.option;
      rows.push({ option, path, depth });
      walk(option.id, path, depth + 1);
    }
  };
  walk(TOP_LEVEL_OPTION, '', 0);
  return rows;
}

export function optionsTable(ctx: Context, rows: OptionRow[]): string {
  const { t } = ctx;
  return table(rows, [
    { label: t('queues.path'), value: (row) => row.path },
    { label: t('queues.title'), value: (row) => `${'· '.repeat(row.depth)}${row.option.title}` },
    { label: 'ID', value: (row) => row.option.id },
    { label: t('queues.message'), value: (row) => row.option.message },
  ]);
}

/** The option `given` names: its id, its path, else its title (see pickByName). */
function findOption(ctx: Context, rows: OptionRow[], given: string): OptionRow {
  const byPath = rows.find((row) => row.path === given.trim());
  const candidates = rows.map((row) => ({ id: row.option.id, names: [row.option.title], label: `${row.path} ${row.option.title}` }));
  const id = byPath ? byPath.option.id : pickByName(ctx, 'option', given, candidates);
  const found = rows.find((row) => row.option.id === id);
  // An id of no option of this queue.
  if (!found) throw new UsageError(ctx.t('names.notFound.option', { name: given, known: knownList(ctx, candidates) }));
  return found;
}

/** The option numbers under a parent go 1, 2, 3...: the next free one. */
function nextOptionNumber(options: QueueOption[], parent: string | typeof TOP_LEVEL_OPTION): string {
  const numbers = options.filter((option) => option.parentId === parent).map((option) => Number.parseInt(option.option, 10)).filter(Number.isFinite);
  return String(numbers.length > 0 ? Math.max(...numbers) + 1 : 1);
}

async function queueTree(ctx: Context, api: ApiClient, queueRef: string): Promise<{ queueId: string; rows: OptionRow[] }> {
  const queueId = await nameLookup(ctx, api).one('queue', queueRef);
  const options = await api.queues.options.list({ queueId });
  return { queueId, rows: optionRows(options) };
}

async function list(ctx: Context, _flags: object, queueRef: string): Promise<void> {
  const { api } = await connect(ctx);
  const { rows } = await queueTree(ctx, api, queueRef);
  emit(ctx, rows.map((row) => ({ ...row.option, path: row.path })), () => (rows.length === 0 ? ctx.t('queues.noOptions') : optionsTable(ctx, rows)));
}

async function add(ctx: Context, flags: OptionFlags, queueRef: string): Promise<void> {
  const { t } = ctx;
  const { api } = await connect(ctx);
  const { queueId, rows } = await queueTree(ctx, api, queueRef);
  const parentId = flags.parent === undefined ? TOP_LEVEL_OPTION : findOption(ctx, rows, flags.parent).option.id;
  const title = await ask(ctx, flags.title, { option: '--title', message: t('queues.titlePrompt'), rule: queueOptionCreateSchema.extract('title') });
  const fields = { queueId, parentId, title, message: flags.message, option: flags.option ?? nextOptionNumber(rows.map((row) => row.option), parentId) };
  const created = await api.queues.options.create(checkedFields<QueueOptionData>(ctx, queueOptionCreateSchema, fields, OPTION_OF));
  const path = optionRows([...rows.map((row) => row.option), created]).find((row) => row.option.id === created.id)!.path;
  emit(ctx, { ...created, path }, () => t('queues.optionAdded', { path, title: created.title, id: created.id }));
}

async function update(ctx: Context, flags: OptionFlags, queueRef: string, optionRef: string): Promise<void> {
  const data = checkedFields<Partial<QueueOptionData>>(ctx, queueOptionUpdateSchema, { title: flags.title, message: flags.message, option: flags.option }, OPTION_OF);
  const { api } = await connect(ctx);
  const { rows } = await queueTree(ctx, api, queueRef);
  const updated = await api.queues.options.update(findOption(ctx, rows, optionRef).option.id, data);
  const path = optionRows(rows.map((row) => (row.option.id === updated.id ? updated : row.option))).find((row) => row.option.id === updated.id)!.path;
  emit(ctx, { ...updated, path }, () => ctx.t('queues.optionUpdated', { path, title: updated.title }));
}

async function remove(ctx: Context, _flags: object, queueRef: string, optionRef: string): Promise<void> {
  const { api } = await connect(ctx);
  const { rows } = await queueTree(ctx, api, queueRef);
  const row = findOption(ctx, rows, optionRef);
  const below = rows.filter((other) => other.path.startsWith(`${row.path}.`)).length;
  const label = below > 0 ? ctx.t('queues.optionWithBelow', { path: row.path, title: row.option.title, count: below }) : `${row.path} ${row.option.title}`;
  await removeConfirmed(ctx, row.option.id, () => api.queues.options.remove(row.option.id), label);
}

export function queueOptionsCommand(queues: Command, texts: Texts): void {
  const { t } = texts;
  const options = queues.command('options').description(t('queues.optionsDescription'));
  options
    .command('list <queue>')
    .description(t('queues.optionsListDescription'))
    .addHelpText('after', examples(texts, ['atende queues options list Vendas', 'atende queues options list Vendas --json']))
    .action(action(texts, list));
  options
    .command('add <queue>')
    .description(t('queues.optionsAddDescription'))
    .option('--title <title>', t('queues.titleOption'))
    .option('--message <text>', t('queues.messageOption'))
    .option('--option <number>', t('queues.optionOption'))
    .option('--parent <option>', t('queues.parentOption'))
    .addHelpText('after', examples(texts, ['atende queues options add Vendas --title "New orders" --message "Tell us what you need"', 'atende queues options add Vendas --parent 1 --title "Invoices" --option 2 --json']))
    .action(action(texts, add));
  options
    .command('update <queue> <option>')
    .description(t('queues.optionsUpdateDescription'))
    .option('--title <title>', t('queues.titleOption'))
    .option('--message <text>', t('queues.messageOption'))
    .option('--option <number>', t('queues.optionOption'))
    .addHelpText('after', examples(texts, ['atende queues options update Vendas 1.2 --message "Send the invoice number"', 'atende queues options update Vendas "New orders" --option 3']))
    .action(action(texts, update));
  options
    .command('delete <queue> <option>')
    .description(t('queues.optionsDeleteDescription'))
    .addHelpText('after', examples(texts, ['atende queues options delete Vendas 1.2', 'atende queues options delete Vendas "New orders" --yes']))
    .action(action(texts, remove));
}
