/**
 * The command line: `atende-inbox [--server URL] [--lang pt|en|es]`. Without --server the inbox
 * uses $ATENDE_SERVER, else the server of the saved session, else a local server.
 */
import { LANGUAGES, type Language } from '@atende/shared';

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

export type Args = { kind: 'run'; server?: string; language?: Language } | { kind: 'help' } | { kind: 'error'; key: string; values: Record<string, string> };

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function parseArgs(argv: string[]): Args {
  let server: string | undefined;
  let language: Language | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--server' && flag !== '--lang') return { kind: 'error', key: 'tui.args.unknown', values: { arg } };
    const value = inline ?? argv[++index];
    if (!value) return { kind: 'error', key: 'tui.args.missingValue', values: { flag } };
    if (flag === '--server') {
      if (!/^https?:\/\/[^/\s]+/.test(value)) return { kind: 'error', key: 'tui.args.badServer', values: { server: value } };
      server = value.replace(/\/+$/, '');
    } else {
      if (!isLanguage(value)) return { kind: 'error', key: 'tui.args.badLanguage', values: { lang: value } };
      language = value;
    }
  }
  return { kind: 'run', ...(server ? { server } : {}), ...(language ? { language } : {}) };
}

export function chooseServer(flag: string | undefined, env: NodeJS.ProcessEnv, savedServer: string | undefined): string {
  return (flag ?? env.ATENDE_SERVER?.replace(/\/+$/, '') ?? savedServer ?? DEFAULT_SERVER) || DEFAULT_SERVER;
}
