/**
 * atende quick-messages list|create|update|delete (document 2, quick messages; the agents' "/"
 * answers, so also `quick-answers`): one is named by its id or its shortcode; --file attaches a
 * file, checked by the server as the console's upload is.
 */
import { Option, type Command } from 'commander';
import { quickMessageCreateSchema, quickMessageUpdateSchema, type QuickMessage } from '@atende/shared';
import type { ApiClient, QuickMessageData } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { readLocalFile } from '../support/files.js';
import type { Texts } from '../support/i18n.js';
import { nameLookup } from '../support/names.js';
import { emit, table } from '../support/output.js';
import { ask, checkedFields } from '../support/prompts.js';
import { removeConfirmed } from '../support/remove.js';

interface QuickMessageOptions {
  shortcode?: string;
  message?: string;
  shared?: boolean;
  active?: boolean;
  inactive?: boolean;
  allowView?: boolean;
  allowEdit?: boolean;
  file?: string;
  removeFile?: boolean;
}

const OPTION_OF = { shortcode: '--shortcode', message: '--message', geral: '--shared', status: '--active/--inactive', allowView: '--allow-view', allowEdit: '--allow-edit' };
const SHOWN_TEXT = 60;

function fieldsOf(options: QuickMessageOptions): Record<string, unknown> {
  return {
    shortcode: options.shortcode,
    message: options.message,
    geral: options.shared,
    status: options.inactive ? false : options.active ? true : undefined,
    allowView: options.allowView,
    allowEdit: options.allowEdit,
  };
}

function shortened(text: string): string {
  return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT - 1)}…` : text;
}

function quickMessageTable(ctx: Context, messages: QuickMessage[]): string {
  const { t } = ctx;
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  return table(messages, [
    { label: 'ID', value: (m) => m.id },
    { label: t('quickMessages.shortcode'), value: (m) => m.shortcode },
    { label: t('quickMessages.shared'), value: (m) => yesNo(m.geral) },
    { label: t('common.status'), value: (m) => (m.status ? t('common.active') : t('common.inactive')) },
    { label: t('quickMessages.file'), value: (m) => m.mediaName },
    { label: t('quickMessages.message'), value: (m) => shortened(m.message) },
  ]);
}

/** Attaches the file given with --file (replacing the previous one). */
async function attach(ctx: Context, api: ApiClient, id: string, path: string | undefined): Promise<QuickMessage | undefined> {
  if (path === undefined) return undefined;
  const file = await readLocalFile(ctx, path);
  return api.quickMessages.uploadMedia(id, new Blob([file.bytes]), file.fileName);
}

async function list(ctx: Context, options: { search?: string; user?: string }): Promise<void> {
  const { api } = await connect(ctx);
  const userId = await nameLookup(ctx, api).optional('user', options.user);
  const messages: QuickMessage[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.quickMessages.page({ pageNumber, ...(options.search ? { searchParam: options.search } : {}), ...(userId ? { userId } : {}) });
    messages.push(...page.records);
    if (!page.hasMore) break;
  }
  emit(ctx, messages, () => quickMessageTable(ctx, messages));
}

async function create(ctx: Context, options: QuickMessageOptions): Promise<void> {
  const { t } = ctx;
  const fields = fieldsOf(options);
  if (options.file !== undefined) await readLocalFile(ctx, options.file);
  const { api } = await connect(ctx);
  fields.shortcode = await ask(ctx, options.shortcode, { option: '--shortcode', message: t('quickMessages.shortcodePrompt'), rule: quickMessageCreateSchema.extract('shortcode') });
  if (options.message === undefined && options.file === undefined) {
    fields.message = await ask(ctx, undefined, { option: '--message', message: t('quickMessages.messagePrompt'), rule: quickMessageCreateSchema.extract('message') });
  }
  const created = await api.quickMessages.create(checkedFields<QuickMessageData>(ctx, quickMessageCreateSchema, fields, OPTION_OF));
  const message = (await attach(ctx, api, created.id, options.file)) ?? created;
  emit(ctx, message, () => `${t('quickMessages.created', { shortcode: message.shortcode, id: message.id })}\n${quickMessageTable(ctx, [message])}`);
}

async function update(ctx: Context, options: QuickMessageOptions, ref: string): Promise<void> {
  const fields = fieldsOf(options);
  const changesFields = Object.values(fields).some((value) => value !== undefined);
  const data = changesFields || (options.file === undefined && !options.removeFile) ? checkedFields<Partial<QuickMessageData>>(ctx, quickMessageUpdateSchema, fields, OPTION_OF) : undefined;
  if (options.file !== undefined) await readLocalFile(ctx, options.file);
  const { api } = await connect(ctx);
  const id = await nameLookup(ctx, api).one('quickMessage', ref);
  let message = data ? await api.quickMessages.update(id, data) : await api.quickMessages.get(id);
  if (options.removeFile) {
    await api.quickMessages.removeMedia(id);
    message = await api.quickMessages.get(id);
  }
  message = (await attach(ctx, api, id, options.file)) ?? message;
  emit(ctx, message, () => `${ctx.t('quickMessages.updated', { shortcode: message.shortcode })}\n${quickMessageTable(ctx, [message])}`);
}

async function remove(ctx: Context, _options: object, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const message = await api.quickMessages.get(await nameLookup(ctx, api).one('quickMessage', ref));
  await removeConfirmed(ctx, message.id, () => api.quickMessages.remove(message.id), `${message.shortcode} (${message.id})`);
}

function quickMessageOptions(command: Command, texts: Texts): Command {
  const { t } = texts;
  return command
    .option('--shortcode <code>', t('quickMessages.shortcodeOption'))
    .option('--message <text>', t('quickMessages.messageOption'))
    .option('--shared', t('quickMessages.sharedOption'))
    .option('--no-shared', t('quickMessages.noSharedOption'))
    .option('--active', t('quickMessages.activeOption'))
    .addOption(new Option('--inactive', t('quickMessages.inactiveOption')).conflicts('active'))
    .option('--allow-view', t('quickMessages.allowViewOption'))
    .option('--no-allow-view', t('quickMessages.noAllowViewOption'))
    .option('--allow-edit', t('quickMessages.allowEditOption'))
    .option('--no-allow-edit', t('quickMessages.noAllowEditOption'))
    .option('--file <path>', t('quickMessages.fileOption'));
}

export function quickMessagesCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const messages = program.command('quick-messages').aliases(['quick-answers', 'quickMessages']).description(t('quickMessages.description'));
  messages
    .command('list')
    .description(t('quickMessages.listDescription'))
    .option('--search <text>', t('quickMessages.searchOption'))
    .option('--user <user>', t('quickMessages.userOption'))
    .addHelpText('after', examples(texts, ['atende quick-messages list', 'atende quick-messages list --search pix --json', 'atende quick-messages list --user ana@acme.test']))
    .action(action(texts, list));
  quickMessageOptions(messages.command('create'), texts)
    .description(t('quickMessages.createDescription'))
    .addHelpText('after', examples(texts, ['atende quick-messages create --shortcode pix --message "Our Pix key is 12.345.678/0001-90"', 'atende quick-messages create --shortcode menu --file cardapio.pdf --message "Our menu" --shared --json']))
    .action(action(texts, create));
  quickMessageOptions(messages.command('update <quick-message>'), texts)
    .option('--remove-file', t('quickMessages.removeFileOption'))
    .description(t('quickMessages.updateDescription'))
    .addHelpText('after', examples(texts, ['atende quick-messages update pix --message "New Pix key: ..."', 'atende quick-messages update menu --inactive', 'atende quick-messages update menu --remove-file']))
    .action(action(texts, update));
  messages
    .command('delete <quick-message>')
    .description(t('quickMessages.deleteDescription'))
    .addHelpText('after', examples(texts, ['atende quick-messages delete pix', 'atende quick-messages delete 66a1f0c2e4b0a1b2c3d4e5f6 --yes']))
    .action(action(texts, remove));
}
