/** login, logout, whoami: the CLI's session file (mode 0600), a session of the `cli` kind (see SESSION_CLIENTS). */
import type { Command } from 'commander';
import { loginSchema, type User } from '@atende/shared';
import { connect, normaliseServer, serverOf, sessionClient } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { describeError, isApiError, isNetworkError } from '../support/errors.js';
import type { Texts } from '../support/i18n.js';
import { details, emit, warn } from '../support/output.js';
import { ask } from '../support/prompts.js';

const DEFAULT_SERVER = 'http://127.0.0.1:8080';

function userDetails(ctx: Context, server: string, user: User): string {
  const { t } = ctx;
  return details([
    [t('session.server'), server],
    [t('common.name'), user.name],
    [t('common.email'), user.email],
    [t('users.profile'), user.super ? `${user.profile} (super)` : user.profile],
    [t('session.company'), user.company ? `${user.company.name} (${user.companyId})` : user.companyId],
    [t('companies.dueDate'), ctx.texts.date(user.company?.dueDate)],
  ]);
}

async function login(ctx: Context, options: { email?: string; password?: string }): Promise<void> {
  const { t } = ctx;
  const server = serverOf(ctx) ?? normaliseServer(ctx, await ask(ctx, undefined, { option: '--server', message: t('session.serverPrompt'), default: DEFAULT_SERVER }));
  const email = await ask(ctx, options.email ?? ctx.env.ATENDE_EMAIL, { option: '--email', message: t('session.emailPrompt'), rule: loginSchema.extract('email') });
  const password = await ask(ctx, options.password ?? ctx.env.ATENDE_PASSWORD, { option: '--password', message: t('session.passwordPrompt'), rule: loginSchema.extract('password'), secret: true });
  const { api } = await sessionClient(ctx, server);
  // A session of its own kind: signing in here never throws out the user's console or inbox (and back).
  const answer = await api.auth.login({ email, password, client: 'cli' });
  if (answer.dueWarningDays !== undefined) warn(t('session.dueSoon', { count: answer.dueWarningDays }));
  emit(ctx, { server, user: answer.user, dueWarningDays: answer.dueWarningDays ?? null }, () => `${t('session.loggedIn', { name: answer.user.name, server })}\n${userDetails(ctx, server, answer.user)}`);
}

async function logout(ctx: Context): Promise<void> {
  const server = serverOf(ctx);
  const api = server ? (await sessionClient(ctx, server)).api : null;
  if (!server || !api?.session.get()) {
    emit(ctx, { server: server ?? null, loggedOut: false }, () => ctx.t('session.notLoggedIn'));
    return;
  }
  try {
    await api.auth.logout();
  } catch (error) {
    // The session is removed here whatever the server says: logging out must always work.
    if (!(isApiError(error) || isNetworkError(error))) throw error;
    warn(ctx.t('session.logoutLocalOnly', { reason: describeError(error, ctx.texts).message }));
  }
  emit(ctx, { server, loggedOut: true }, () => ctx.t('session.loggedOut', { server }));
}

async function whoami(ctx: Context): Promise<void> {
  const { server, api } = await connect(ctx);
  const user = await api.auth.me();
  emit(ctx, { server, user }, () => userDetails(ctx, server, user));
}

export function sessionCommands(program: Command, texts: Texts): void {
  const { t } = texts;
  program
    .command('login')
    .description(t('session.loginDescription'))
    .option('--email <email>', t('session.emailOption'))
    .option('--password <password>', t('session.passwordOption'))
    .addHelpText('after', examples(texts, ['atende login --server http://127.0.0.1:8080', 'ATENDE_PASSWORD=secret atende login --server https://atende.example.com --email admin@example.com']))
    .action(action(texts, login));
  program
    .command('logout')
    .description(t('session.logoutDescription'))
    .addHelpText('after', examples(texts, ['atende logout']))
    .action(action(texts, logout));
  program
    .command('whoami')
    .description(t('session.whoamiDescription'))
    .addHelpText('after', examples(texts, ['atende whoami', 'ATENDE_TOKEN=... atende whoami --server https://atende.example.com --json']))
    .action(action(texts, whoami));
}
