/** atende connections list|create|update|delete|qr|restart|logout (document 1 sections 2 and 4). */
import { Option, type Command } from 'commander';
import { WHATSAPP_PROVIDERS, whatsappCreateSchema, whatsappUpdateSchema, type Whatsapp, type WhatsappData } from '@atende/shared';
import { connect } from '../support/client.js';
import { action, commaList, examples, type Context } from '../support/context.js';
import type { Texts } from '../support/i18n.js';
import { emit, table } from '../support/output.js';
import { ask, checkedFields, choose } from '../support/prompts.js';
import { nameLookup, type NameLookup } from '../support/names.js';
import { removeConfirmed } from '../support/remove.js';
import { showQr } from './qr.js';

interface ConnectionOptions {
  name?: string;
  provider?: string;
  default?: boolean;
  greeting?: string;
  completion?: string;
  outOfHours?: string;
  rating?: string;
  queues?: string;
  expiresTicket?: string;
  newToken?: boolean;
}

const OPTION_OF = {
  name: '--name',
  provider: '--provider',
  isDefault: '--default',
  greetingMessage: '--greeting',
  complationMessage: '--completion',
  outOfHoursMessage: '--out-of-hours',
  ratingMessage: '--rating',
  queueIds: '--queues',
  expiresTicket: '--expires-ticket',
};

/** The fields of the options; queues named by id or name. */
async function fieldsOf(options: ConnectionOptions, names: NameLookup): Promise<Record<string, unknown>> {
  return {
    name: options.name,
    provider: options.provider,
    isDefault: options.default,
    greetingMessage: options.greeting,
    complationMessage: options.completion,
    outOfHoursMessage: options.outOfHours,
    ratingMessage: options.rating,
    queueIds: await names.many('queue', commaList(options.queues)),
    expiresTicket: options.expiresTicket,
    // '' asks the server for a new API token.
    token: options.newToken ? '' : undefined,
  };
}

function connectionTable(ctx: Context, connections: Whatsapp[]): string {
  const { t } = ctx;
  return table(connections, [
    { label: 'ID', value: (c) => c.id },
    { label: t('common.name'), value: (c) => c.name },
    { label: t('connections.provider'), value: (c) => c.provider },
    { label: t('common.status'), value: (c) => c.status },
    { label: t('connections.default'), value: (c) => (c.isDefault ? t('common.yes') : t('common.no')) },
    { label: t('connections.number'), value: (c) => c.number },
    { label: t('connections.updatedAt'), value: (c) => c.updatedAt.replace('T', ' ').slice(0, 19) },
  ]);
}

async function list(ctx: Context): Promise<void> {
  const { api } = await connect(ctx);
  const connections = await api.whatsapp.list();
  emit(ctx, connections, () => connectionTable(ctx, connections));
}

async function create(ctx: Context, options: ConnectionOptions): Promise<void> {
  const { t } = ctx;
  const { api } = await connect(ctx);
  const fields = await fieldsOf(options, nameLookup(ctx, api));
  fields.name = await ask(ctx, options.name, { option: '--name', message: t('connections.namePrompt'), rule: whatsappCreateSchema.extract('name') });
  if (options.provider === undefined && ctx.interactive) {
    fields.provider = await choose(ctx, undefined, { option: '--provider', message: t('connections.providerPrompt'), choices: WHATSAPP_PROVIDERS.map((provider) => ({ value: provider, name: t(`connections.providers.${provider}`) })) });
  }
  const connection = await api.whatsapp.create(checkedFields<WhatsappData>(ctx, whatsappCreateSchema, fields, OPTION_OF));
  emit(ctx, connection, () => `${t('connections.created', { name: connection.name, id: connection.id })}\n${connectionTable(ctx, [connection])}`);
}

async function update(ctx: Context, options: ConnectionOptions, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const names = nameLookup(ctx, api);
  const id = await names.one('connection', ref);
  const data = checkedFields<Partial<WhatsappData>>(ctx, whatsappUpdateSchema, await fieldsOf(options, names), OPTION_OF);
  const connection = await api.whatsapp.update(id, data);
  emit(ctx, connection, () => `${ctx.t('connections.updated', { name: connection.name })}\n${connectionTable(ctx, [connection])}`);
}

async function remove(ctx: Context, options: { newDefault?: string }, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const names = nameLookup(ctx, api);
  const id = await names.one('connection', ref);
  const newDefaultId = await names.optional('connection', options.newDefault);
  await removeConfirmed(ctx, id, () => api.whatsapp.remove(id, newDefaultId ? { newDefaultId } : {}));
}

async function restart(ctx: Context, options: { newQr?: boolean }, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const id = await nameLookup(ctx, api).one('connection', ref);
  const connection = options.newQr ? await api.whatsapp.newQrCode(id) : await api.whatsapp.startSession(id);
  emit(ctx, connection, () => ctx.t('connections.restarted', { name: connection.name, status: connection.status }));
}

async function logout(ctx: Context, _options: object, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const id = await nameLookup(ctx, api).one('connection', ref);
  const connection = await api.whatsapp.disconnect(id);
  emit(ctx, connection, () => ctx.t('connections.loggedOut', { name: connection.name, status: connection.status }));
}

function connectionOptions(command: Command, texts: Texts): Command {
  const { t } = texts;
  return command
    .option('--name <name>', t('connections.nameOption'))
    .addOption(new Option('--provider <provider>', t('connections.providerOption')).choices(WHATSAPP_PROVIDERS))
    .option('--default', t('connections.defaultOption'))
    .option('--greeting <text>', t('connections.greetingOption'))
    .option('--completion <text>', t('connections.completionOption'))
    .option('--out-of-hours <text>', t('connections.outOfHoursOption'))
    .option('--rating <text>', t('connections.ratingOption'))
    .option('--queues <queues>', t('connections.queuesOption'))
    .option('--expires-ticket <minutes>', t('connections.expiresTicketOption'));
}

export function connectionsCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const connections = program.command('connections').description(t('connections.description'));
  connections
    .command('list')
    .description(t('connections.listDescription'))
    .addHelpText('after', examples(texts, ['atende connections list', 'atende connections list --json']))
    .action(action(texts, list));
  connectionOptions(connections.command('create'), texts)
    .description(t('connections.createDescription'))
    .addHelpText('after', examples(texts, ['atende connections create', 'atende connections create --name Sales --provider sandbox --json']))
    .action(action(texts, create));
  connectionOptions(connections.command('update <connection>'), texts)
    .option('--new-token', t('connections.newTokenOption'))
    .description(t('connections.updateDescription'))
    .addHelpText('after', examples(texts, ['atende connections update Sales --greeting "Hello!" --queues Vendas,Suporte --default', 'atende connections update 66a1f0c2e4b0a1b2c3d4e5f6 --new-token']))
    .action(action(texts, update));
  connections
    .command('delete <connection>')
    .description(t('connections.deleteDescription'))
    .option('--new-default <connection>', t('connections.newDefaultOption'))
    .addHelpText('after', examples(texts, ['atende connections delete Sales --yes', 'atende connections delete 66a1f0c2e4b0a1b2c3d4e5f6 --new-default Support --yes']))
    .action(action(texts, remove));
  connections
    .command('qr <connection>')
    .description(t('connections.qrDescription'))
    .option('--timeout <seconds>', t('connections.timeoutOption'), '120')
    .addHelpText('after', examples(texts, ['atende connections qr Sales', 'atende connections qr 66a1f0c2e4b0a1b2c3d4e5f6 --timeout 60 --json']))
    .action(action(texts, showQr));
  connections
    .command('restart <connection>')
    .description(t('connections.restartDescription'))
    .option('--new-qr', t('connections.newQrOption'))
    .addHelpText('after', examples(texts, ['atende connections restart Sales', 'atende connections restart 66a1f0c2e4b0a1b2c3d4e5f6 --new-qr']))
    .action(action(texts, restart));
  connections
    .command('logout <connection>')
    .description(t('connections.logoutDescription'))
    .addHelpText('after', examples(texts, ['atende connections logout Sales']))
    .action(action(texts, logout));
}
