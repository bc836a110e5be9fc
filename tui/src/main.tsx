/**
 * atende-inbox: reads the command line, picks the server and its saved session (the file the CLI
 * also uses), and runs the inbox full screen in the terminal's alternate screen.
 */
import { createI18n, DEFAULT_LANGUAGE } from '@atende/shared';
import { fileSession, readSavedSession } from '@atende/shared/node';
import { render } from 'ink';
import { App } from './app/App.js';
import { chooseServer, parseArgs } from './app/args.js';
import { pacedInput } from './app/pacedInput.js';
import { connect } from './state/connection.js';

const ALTERNATE_SCREEN_ON = '\x1b[?1049h\x1b[H';
const ALTERNATE_SCREEN_OFF = '\x1b[?1049l';

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.kind !== 'run') {
    const t = createI18n(args.language ?? DEFAULT_LANGUAGE).t;
    if (args.kind === 'error') process.stderr.write(`${t(args.key, args.values)}\n`);
    process.stdout.write(`${t('tui.description')}\n${t('tui.args.usage')}\n`);
    return args.kind === 'help' ? 0 : 2;
  }
  if (!process.stdin.isTTY) {
    process.stderr.write(`${createI18n(args.language ?? DEFAULT_LANGUAGE).t('tui.args.needsTerminal')}\n`);
    return 2;
  }
  const server = chooseServer(args.server, process.env, readSavedSession()?.server);
  const connection = connect(server, fileSession(server));
  process.stdout.write(ALTERNATE_SCREEN_ON);
  try {
    const app = render(<App connection={connection} language={args.language} bell={() => process.stdout.write('\x07')} downloadDir={process.cwd()} />, {
      // Ink reads it as it would read process.stdin; it only lacks the fields Ink never touches.
      stdin: pacedInput(process.stdin) as unknown as NodeJS.ReadStream,
    });
    await app.waitUntilExit();
  } finally {
    process.stdout.write(ALTERNATE_SCREEN_OFF);
  }
  return 0;
}

// Open sockets (fetch keep-alive) must not keep the program up once the inbox is closed.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
