/**
 * atende send: a message through the per-connection send API (POST /messages/send), with the
 * connection's API token: read from the connection (--connection, as an admin) or given (--token).
 */
import type { Command } from 'commander';
import { contactNumber, id as idRule } from '@atende/shared';
import { connect, refusal, sessionClient } from '../support/client.js';
import { action, examples, type Context } from '../support/context.js';
import { UsageError } from '../support/errors.js';
import { readLocalFile } from '../support/files.js';
import { nameLookup } from '../support/names.js';
import type { Texts } from '../support/i18n.js';
import { emit } from '../support/output.js';
import { ask, checked } from '../support/prompts.js';

interface SendOptions {
  connection?: string;
  token?: string;
  to?: string;
  file: string[];
  quote?: string;
}

async function connectionToken(ctx: Context, options: SendOptions) {
  if (options.token) return { token: options.token, api: (await sessionClient(ctx)).api };
  if (!options.connection) throw new UsageError(ctx.t('send.connectionOrToken'));
  const { api } = await connect(ctx);
  const connection = await api.whatsapp.get(await nameLookup(ctx, api).one('connection', options.connection));
  // Only admins receive the token: anyone else is refused as the API would refuse them.
  if (!connection.token) throw await refusal('ERR_NO_PERMISSION', 'the connection token is shown to admins only');
  return { token: connection.token, api };
}

async function send(ctx: Context, options: SendOptions, text?: string): Promise<void> {
  const { t } = ctx;
  const number = await ask(ctx, options.to, { option: '--to', message: t('send.toPrompt'), rule: contactNumber.required() });
  const medias = await Promise.all(options.file.map(async (path) => {
    const file = await readLocalFile(ctx, path);
    return { blob: new Blob([file.bytes]), fileName: file.fileName };
  }));
  const body = text ?? (medias.length > 0 ? '' : await ask(ctx, undefined, { option: t('send.textArgument'), message: t('send.textPrompt') }));
  const quotedMsgId = options.quote === undefined ? undefined : checked<string>(ctx, '--quote', idRule, options.quote);
  const { token, api } = await connectionToken(ctx, options);
  const answer = await api.externalSend.send({ token, number, body, medias, ...(quotedMsgId ? { quotedMsgId } : {}) });
  emit(ctx, answer, () => t('send.sent', { count: answer.messages.length, number, ticketId: answer.ticketId }));
}

export function sendCommand(program: Command, texts: Texts): void {
  const { t } = texts;
  program
    .command('send [text]')
    .description(t('send.description'))
    .option('--connection <connection>', t('send.connectionOption'))
    .option('--token <token>', t('send.tokenOption'))
    .option('--to <number>', t('send.toOption'))
    .option('--file <path>', t('send.fileOption'), (path: string, previous: string[]) => [...previous, path], [] as string[])
    .option('--quote <messageId>', t('send.quoteOption'))
    .addHelpText('after', examples(texts, [
      'atende send --connection Sales --to 5511999990000 "Your order has shipped"',
      'atende send --connection 66a1f0c2e4b0a1b2c3d4e5f6 --to 5511999990000 --file invoice.pdf "Your invoice"',
      'atende send --server https://atende.example.com --token $CONNECTION_TOKEN --to 5511999990000 "Hello" --json',
    ]))
    .action(action(texts, send));
}
