/**
 * The command line: `atende-inbox [--server URL] [--lang pt|en|es] [--no-bell] [--help] [--version]`.
 * Without --server the inbox uses $ATENDE_SERVER, else the server of the saved session, else a
 * local server.
 */
import { LANGUAGES, type Language } from '@atende/shared';

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

export interface RunOptions {
  server?: string;
  /** --no-bell: the bell starts muted (m switches it). */
  muted?: boolean;
}

/** `language` is the --lang given, wherever it stands (the help and the errors speak it too). */
export type Args = { language?: Language } & (
  | ({ kind: 'run' } & RunOptions)
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'error'; key: string; values: Record<string, string> }
);

export function isLanguage(value: string | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The valid --lang of the command line, if any. */
function languageIn(argv: string[]): Language | undefined {
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    const value = arg.startsWith('--lang=') ? arg.slice('--lang='.length) : arg === '--lang' ? argv[index + 1] : undefined;
    if (isLanguage(value)) return value;
  }
  return undefined;
}

export function parseArgs(argv: string[]): Args {
  const spoken = languageIn(argv);
  const said = spoken ? { language: spoken } : {};
  const options: RunOptions & { language?: Language } = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help', ...said };
    if (arg === '-V' || arg === '-v' || arg === '--version') return { kind: 'version', ...said };
    if (arg === '--no-bell') {
      options.muted = true;
      continue;
    }
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--server' && flag !== '--lang') return { kind: 'error', key: 'tui.args.unknown', values: { arg }, ...said };
    const value = inline ?? argv[++index];
    if (!value) return { kind: 'error', key: 'tui.args.missingValue', values: { flag }, ...said };
    if (flag === '--server') {
      if (!/^https?:\/\/[^/\s]+/.test(value)) return { kind: 'error', key: 'tui.args.badServer', values: { server: value }, ...said };
      options.server = value.replace(/\/+$/, '');
    } else {
      if (!isLanguage(value)) return { kind: 'error', key: 'tui.args.badLanguage', values: { lang: value } };
      options.language = value;
    }
  }
  return { kind: 'run', ...options };
}

export function chooseServer(flag: string | undefined, env: NodeJS.ProcessEnv, savedServer: string | undefined): string {
  return (flag ?? env.ATENDE_SERVER?.replace(/\/+$/, '') ?? savedServer ?? DEFAULT_SERVER) || DEFAULT_SERVER;
}
