/** atende users list|create|update|delete|set-password (admins; super users for other companies). */
import { Option, type Command } from 'commander';
import { LANGUAGES, PROFILES, userCreateSchema, userUpdateSchema, type User } from '@atende/shared';
import type { UserData } from '@atende/shared/client';
import { connect } from '../support/client.js';
import { action, commaList, examples, type Context } from '../support/context.js';
import type { Texts } from '../support/i18n.js';
import { emit, table } from '../support/output.js';
import { ask, checkedFields, choose } from '../support/prompts.js';
import { nameLookup, type NameLookup } from '../support/names.js';
import { removeConfirmed } from '../support/remove.js';

interface UserOptions {
  name?: string;
  email?: string;
  password?: string;
  profile?: string;
  queues?: string;
  connection?: string;
  allTickets?: boolean;
  language?: string;
  company?: string;
  super?: boolean;
}

const OPTION_OF = { name: '--name', email: '--email', password: '--password', profile: '--profile', queueIds: '--queues', whatsappId: '--connection', allTicket: '--all-tickets', language: '--language', companyId: '--company', super: '--super' };

/** The fields of the options; queues and the connection named by id or name (looked up in the user's company). */
async function fieldsOf(options: UserOptions, names: NameLookup): Promise<Record<string, unknown>> {
  return {
    name: options.name,
    email: options.email,
    password: options.password,
    profile: options.profile,
    queueIds: await names.many('queue', commaList(options.queues)),
    whatsappId: await names.optional('connection', options.connection),
    // The spec's wire value for "off" is spelled desabled.
    allTicket: options.allTickets === undefined ? undefined : options.allTickets ? 'enabled' : 'desabled',
    language: options.language,
    companyId: options.company,
    super: options.super,
  };
}

function userTable(ctx: Context, users: User[]): string {
  const { t } = ctx;
  return table(users, [
    { label: 'ID', value: (u) => u.id },
    { label: t('common.name'), value: (u) => u.name },
    { label: t('common.email'), value: (u) => u.email },
    { label: t('users.profile'), value: (u) => (u.super ? `${u.profile} (super)` : u.profile) },
    { label: t('users.queues'), value: (u) => (u.queues ?? []).map((queue) => queue.name).join(', ') || u.queueIds.join(',') },
    { label: t('users.company'), value: (u) => u.companyId },
  ]);
}

async function list(ctx: Context, options: { company?: string }): Promise<void> {
  const { api } = await connect(ctx);
  const users = await api.users.list(options.company ? { companyId: options.company } : {});
  emit(ctx, users, () => userTable(ctx, users));
}

async function create(ctx: Context, options: UserOptions): Promise<void> {
  const { t } = ctx;
  const { api } = await connect(ctx);
  const fields = await fieldsOf(options, nameLookup(ctx, api, { companyId: options.company }));
  fields.name = await ask(ctx, options.name, { option: '--name', message: t('users.namePrompt'), rule: userCreateSchema.extract('name') });
  fields.email = await ask(ctx, options.email, { option: '--email', message: t('users.emailPrompt'), rule: userCreateSchema.extract('email') });
  fields.password = await ask(ctx, options.password, { option: '--password', message: t('users.passwordPrompt'), rule: userCreateSchema.extract('password'), secret: true });
  fields.profile = await choose(ctx, options.profile, { option: '--profile', message: t('users.profilePrompt'), choices: PROFILES.map((profile) => ({ value: profile, name: profile })) });
  const user = await api.users.create(checkedFields<UserData>(ctx, userCreateSchema, fields, OPTION_OF));
  emit(ctx, user, () => `${t('users.created', { name: user.name, id: user.id })}\n${userTable(ctx, [user])}`);
}

async function update(ctx: Context, options: UserOptions, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const id = await nameLookup(ctx, api).one('user', ref);
  // A super user may change another company's user: its queues and connection are that company's.
  const named = options.queues !== undefined || options.connection !== undefined;
  const companyId = named && api.session.get()?.user.super ? (await api.users.get(id)).companyId : undefined;
  const data = checkedFields<Partial<UserData>>(ctx, userUpdateSchema, await fieldsOf(options, nameLookup(ctx, api, { companyId })), OPTION_OF);
  const user = await api.users.update(id, data);
  emit(ctx, user, () => `${ctx.t('users.updated', { name: user.name })}\n${userTable(ctx, [user])}`);
}

async function setPassword(ctx: Context, options: { password?: string }, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const id = await nameLookup(ctx, api).one('user', ref);
  const password = await ask(ctx, options.password, { option: '--password', message: ctx.t('users.newPasswordPrompt'), rule: userCreateSchema.extract('password'), secret: true });
  const user = await api.users.update(id, { password });
  emit(ctx, { id: user.id, passwordChanged: true }, () => ctx.t('users.passwordChanged', { name: user.name }));
}

async function remove(ctx: Context, _options: object, ref: string): Promise<void> {
  const { api } = await connect(ctx);
  const id = await nameLookup(ctx, api).one('user', ref);
  await removeConfirmed(ctx, id, () => api.users.remove(id));
}

function userOptions(command: Command, texts: Texts): Command {
  const { t } = texts;
  return command
    .option('--name <name>', t('users.nameOption'))
    .option('--email <email>', t('users.emailOption'))
    .option('--password <password>', t('users.passwordOption'))
    .addOption(new Option('--profile <profile>', t('users.profileOption')).choices(PROFILES))
    .option('--queues <queues>', t('users.queuesOption'))
    .option('--connection <connection>', t('users.connectionOption'))
    .option('--all-tickets', t('users.allTicketsOption'))
    .option('--no-all-tickets', t('users.noAllTicketsOption'))
    .addOption(new Option('--language <lang>', t('users.languageOption')).choices(LANGUAGES))
    .option('--company <id>', t('users.companyOption'))
    .option('--super', t('users.superOption'));
}

export function usersCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const users = program.command('users').description(t('users.description'));
  users
    .command('list')
    .description(t('users.listDescription'))
    .option('--company <id>', t('users.companyOption'))
    .addHelpText('after', examples(texts, ['atende users list', 'atende users list --company 66a1f0c2e4b0a1b2c3d4e5f6 --json']))
    .action(action(texts, list));
  userOptions(users.command('create'), texts)
    .description(t('users.createDescription'))
    .addHelpText('after', examples(texts, ['atende users create', 'atende users create --name Ana --email ana@acme.test --password s3cret --profile user --queues Vendas,Suporte --connection Demo']))
    .action(action(texts, create));
  userOptions(users.command('update <user>'), texts)
    .description(t('users.updateDescription'))
    .addHelpText('after', examples(texts, ['atende users update ana@acme.test --profile admin', 'atende users update 66a1f0c2e4b0a1b2c3d4e5f6 --queues Suporte']))
    .action(action(texts, update));
  users
    .command('delete <user>')
    .description(t('users.deleteDescription'))
    .addHelpText('after', examples(texts, ['atende users delete ana@acme.test --yes']))
    .action(action(texts, remove));
  users
    .command('set-password <user>')
    .description(t('users.setPasswordDescription'))
    .option('--password <password>', t('users.passwordOption'))
    .addHelpText('after', examples(texts, ['atende users set-password ana@acme.test', 'atende users set-password 66a1f0c2e4b0a1b2c3d4e5f6 --password n3w-s3cret']))
    .action(action(texts, setPassword));
}
