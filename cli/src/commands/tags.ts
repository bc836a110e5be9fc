/** atende tags list|create|update|delete (document 2, tags): a tag is named by its id or its name. */
import type { Command } from 'commander';
import { tagCreateSchema, tagUpdateSchema, type Tag } from '@atende/shared';
import type { TagData } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import type { Texts } from '../support/i18n.js';
import { nameLookup } from '../support/names.js';
import { emit, table } from '../support/output.js';
import { ask, checkedFields } from '../support/prompts.js';
import { removeConfirmed } from '../support/remove.js';

interface TagOptions {
  name?: string;
  color?: string;
  kanban?: boolean;
}

const OPTION_OF = { name: '--name', color: '--color', kanban: '--kanban' };

function fieldsOf(options: TagOptions): Record<string, unknown> {
  return { name: options.name, color: options.color, kanban: options.kanban === undefined ? undefined : options.kanban ? 1 : 0 };
}

function tagTable(ctx: Context, tags: Tag[]): string {
  const { t } = ctx;
  return table(tags, [
    { label: 'ID', value: (tag) => tag.id },
    { label: t('common.name'), value: (tag) => tag.name },
    { label: t('tags.color'), value: (tag) => tag.color },
    { label: t('tags.kanban'), value: (tag) => (tag.kanban === 1 ? t('common.yes') : t('common.no')) },
    { label: t('tags.tickets'), value: (tag) => tag.ticketsCount },
  ]);
}

async function list(ctx: Context, options: { search?: string; kanban?: boolean }): Promise<void> {
  const { api } = await connect(ctx);
  const tags: Tag[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.tags.page({ pageNumber, ...(options.search ? { searchParam: options.search } : {}) });
    tags.push(...page.tags);
    if (!page.hasMore) break;
  }
  const shown = options.kanban ? tags.filter((tag) => tag.kanban === 1) : tags;
  emit(ctx, shown, () => tagTable(ctx, shown));
}

async function create(ctx: Context, options: TagOptions): Promise<void> {
  const { t } = ctx;
  const fields = fieldsOf(options);
  const { api } = await connect(ctx);
  fields.name = await ask(ctx, options.name, { option: '--name', message: t('tags.namePrompt'), rule: tagCreateSchema.extract('name') });
  const tag = await api.tags.create(checkedFields<TagData>(ctx, tagCreateSchema, fields, OPTION_OF));
  emit(ctx, tag, () => `${t('tags.created', { name: tag.name, id: tag.id })}\n${tagTable(ctx, [tag])}`);
}

async function update(ctx: Context, options: TagOptions, ref: string): Promise<void> {
  const data = checkedFields<Partial<TagData>>(ctx, tagUpdateSchema, fieldsOf(options), OPTION_OF);
  const { api } = await connect(ctx);
  const tag = await api.tags.update(await nameLookup(ctx, api).one('tag', ref), data);
  emit(ctx, tag, () => `${ctx.t('tags.updated', { name: tag.name })}\n${tagTable(ctx, [tag])}`);
}

async function remove(ctx: Context, _options: object, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const tag = await api.tags.get(await nameLookup(ctx, api).one('tag', ref));
  await removeConfirmed(ctx, tag.id, () => api.tags.remove(tag.id), `${tag.name} (${tag.id})`);
}

function tagOptions(command: Command, texts: Texts): Command {
  const { t } = texts;
  return command
    .option('--name <name>', t('tags.nameOption'))
    .option('--color <color>', t('tags.colorOption'))
    .option('--kanban', t('tags.kanbanOption'))
    .option('--no-kanban', t('tags.noKanbanOption'));
}

export function tagsCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const tags = program.command('tags').description(t('tags.description'));
  tags
    .command('list')
    .description(t('tags.listDescription'))
    .option('--search <text>', t('tags.searchOption'))
    .option('--kanban', t('tags.kanbanListOption'))
    .addHelpText('after', examples(texts, ['atende tags list', 'atende tags list --search vip --json', 'atende tags list --kanban']))
    .action(action(texts, list));
  tagOptions(tags.command('create'), texts)
    .description(t('tags.createDescription'))
    .addHelpText('after', examples(texts, ['atende tags create --name VIP', 'atende tags create --name "Waiting payment" --color "#ef6c00" --kanban --json']))
    .action(action(texts, create));
  tagOptions(tags.command('update <tag>'), texts)
    .description(t('tags.updateDescription'))
    .addHelpText('after', examples(texts, ['atende tags update VIP --name "VIP customer"', 'atende tags update "Waiting payment" --no-kanban']))
    .action(action(texts, update));
  tags
    .command('delete <tag>')
    .description(t('tags.deleteDescription'))
    .addHelpText('after', examples(texts, ['atende tags delete VIP', 'atende tags delete 66a1f0c2e4b0a1b2c3d4e5f6 --yes']))
    .action(action(texts, remove));
}
