/** What every command's action receives: the texts, the global options and whether it may prompt. */
import type { Command } from 'commander';
import type { Texts } from './i18n.js';

export interface GlobalOptions {
  server?: string;
  json?: boolean;
  yes?: boolean;
  lang?: string;
}

export interface Context {
  texts: Texts;
  t: Texts['t'];
  json: boolean;
  yes: boolean;
  /** Prompts are allowed: a terminal on both ends, and neither --yes nor --json (issue 7). */
  interactive: boolean;
  serverFlag: string | undefined;
  env: NodeJS.ProcessEnv;
}

function contextOf(texts: Texts, command: Command, env: NodeJS.ProcessEnv = process.env): Context {
  const globals = command.optsWithGlobals<GlobalOptions>();
  const json = globals.json === true;
  const yes = globals.yes === true;
  return {
    texts,
    t: texts.t,
    json,
    yes,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY) && !yes && !json,
    serverFlag: globals.server,
    env,
  };
}

/**
 * A commander action: commander calls it with the declared arguments, the options and the
 * command; the handler gets the context, the options, then the arguments.
 */
export function action<O extends object, A extends unknown[]>(texts: Texts, handler: (ctx: Context, options: O, ...args: A) => Promise<void>) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received[received.length - 1] as Command;
    await handler(contextOf(texts, command), command.opts<O>(), ...(received.slice(0, -2) as A));
  };
}

/** `a, b,,c` -> ['a', 'b', 'c']; undefined when the option was not given. */
export function commaList(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((item) => item.trim()).filter(Boolean);
}

/** The "Examples:" block shown after a command's help. */
export function examples(texts: Texts, lines: string[]): string {
  return `\n${texts.t('common.examples')}\n${lines.map((line) => `  $ ${line}`).join('\n')}`;
}
