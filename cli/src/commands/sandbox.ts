/** atende sandbox pair|say|outbox: drives the sandbox phone (demos, training, scripted tests). */
import type { Command } from 'commander';
import { sandboxMessageSchema, sandboxOutboxQuery, sandboxPairSchema, type SandboxCustomerMessage, type SandboxOutboxMessage } from '@atende/shared';
import { connect } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import type { Texts } from '../support/i18n.js';
import { emit, table } from '../support/output.js';
import { nameLookup } from '../support/names.js';
import { ask, checkedFields } from '../support/prompts.js';

async function pair(ctx: Context, options: { number?: string; token?: string }, ref: string): Promise<void> {
  const data = checkedFields<{ number?: string; token?: string }>(ctx, sandboxPairSchema, { number: options.number, token: options.token }, { number: '--number', token: '--token' });
  const { api } = await connect(ctx);
  const connection = await api.sandbox.pair(await nameLookup(ctx, api).one('connection', ref), data);
  emit(ctx, connection, () => ctx.t('sandbox.paired', { name: connection.name, status: connection.status, number: connection.number || '-' }));
}

async function say(ctx: Context, options: { connection: string; from: string; name?: string }, text?: string): Promise<void> {
  const body = await ask(ctx, text, { option: ctx.t('sandbox.textArgument'), message: ctx.t('sandbox.textPrompt') });
  const message = checkedFields<SandboxCustomerMessage>(ctx, sandboxMessageSchema, { from: options.from, name: options.name, body }, { from: '--from', name: '--name', body: ctx.t('sandbox.textArgument') });
  const { api } = await connect(ctx);
  const answer = await api.sandbox.send(await nameLookup(ctx, api).one('connection', options.connection), message);
  emit(ctx, answer, () => ctx.t('sandbox.said', { from: message.from }));
}

async function outbox(ctx: Context, options: { connection: string; to?: string; limit?: string }): Promise<void> {
  const query = checkedFields<{ to?: string; limit: number }>(ctx, sandboxOutboxQuery, { to: options.to, limit: options.limit }, { to: '--to', limit: '--limit' });
  const { api } = await connect(ctx);
  const answer = await api.sandbox.outbox(await nameLookup(ctx, api).one('connection', options.connection), query);
  const { t } = ctx;
  emit(ctx, answer, () =>
    table<SandboxOutboxMessage>(answer.messages, [
      { label: t('sandbox.to'), value: (m) => m.to },
      { label: t('sandbox.body'), value: (m) => m.body || m.media?.fileName },
      { label: t('sandbox.ack'), value: (m) => m.ack },
      { label: t('sandbox.at'), value: (m) => m.createdAt.replace('T', ' ').slice(0, 19) },
    ]),
  );
}

export function sandboxCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  const sandbox = program.command('sandbox').description(t('sandbox.description'));
  sandbox
    .command('pair <connection>')
    .description(t('sandbox.pairDescription'))
    .option('--number <number>', t('sandbox.numberOption'))
    .option('--token <qr>', t('sandbox.tokenOption'))
    .addHelpText('after', examples(texts, ['atende sandbox pair Demo', 'atende sandbox pair 66a1f0c2e4b0a1b2c3d4e5f6 --number 5511988887777']))
    .action(action(texts, pair));
  sandbox
    .command('say [text]')
    .description(t('sandbox.sayDescription'))
    .requiredOption('--connection <connection>', t('sandbox.connectionOption'))
    .requiredOption('--from <number>', t('sandbox.fromOption'))
    .option('--name <name>', t('sandbox.nameOption'))
    .addHelpText('after', examples(texts, ['atende sandbox say --connection Demo --from 5511999990000 --name "Ana" "Hi, I need help"']))
    .action(action(texts, say));
  sandbox
    .command('outbox')
    .description(t('sandbox.outboxDescription'))
    .requiredOption('--connection <connection>', t('sandbox.connectionOption'))
    .option('--to <number>', t('sandbox.toOption'))
    .option('--limit <n>', t('sandbox.limitOption'))
    .addHelpText('after', examples(texts, ['atende sandbox outbox --connection 66a1f0c2e4b0a1b2c3d4e5f6 --to 5511999990000 --json']))
    .action(action(texts, outbox));
}
