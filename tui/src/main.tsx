/**
 * atende-inbox: reads the command line, picks the server (the flag, the environment, the inbox's
 * last one, else the CLI's) and the inbox's own saved session, and runs the inbox full screen in
 * the terminal's alternate screen, with bracketed paste on (a paste arrives as text, see
 * pacedInput.ts).
 */
import { APP_VERSION, createI18n } from '@atende/shared';
import { sessionFilePath } from '@atende/shared/node';
import { render } from 'ink';
import { App } from './app/App.js';
import { chooseServer, parseArgs } from './app/args.js';
import { chooseLanguage } from './app/language.js';
import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON, pacedInput } from './app/pacedInput.js';
import { usageText } from './app/usage.js';
import { connect } from './state/connection.js';
import { draftsPath, inboxSession, inboxSessionPath, readSignInHint } from './state/inboxFiles.js';

const ALTERNATE_SCREEN_ON = '\x1b[?1049h\x1b[H';
const ALTERNATE_SCREEN_OFF = '\x1b[?1049l';

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const t = createI18n(chooseLanguage({ flag: args.language, env: process.env })).t;
  if (args.kind === 'version') {
    process.stdout.write(`atende-inbox ${APP_VERSION}\n`);
    return 0;
  }
  if (args.kind === 'help') {
    process.stdout.write(usageText(t, { session: inboxSessionPath(), drafts: draftsPath() }));
    return 0;
  }
  if (args.kind === 'error') {
    process.stderr.write(`${t(args.key, args.values)}\n${t('tui.args.usage')}\n${t('tui.args.seeHelp')}\n`);
    return 2;
  }
  if (!process.stdin.isTTY) {
    process.stderr.write(`${t('tui.args.needsTerminal')}\n`);
    return 2;
  }
  // The inbox's own file first, then the CLI's: where to sign in, and with which e-mail.
  const hints = [readSignInHint(inboxSessionPath()), readSignInHint(sessionFilePath())].filter((hint) => hint !== null);
  const server = chooseServer(args.server, process.env, hints[0]?.server);
  const connection = connect(server, inboxSession(server, inboxSessionPath()));
  process.stdout.write(ALTERNATE_SCREEN_ON + BRACKETED_PASTE_ON);
  try {
    const app = render(
      <App
        connection={connection}
        language={args.language}
        muted={args.muted}
        bell={() => process.stdout.write('\x07')}
        downloadDir={process.cwd()}
        draftsFile={draftsPath()}
        signInEmail={hints.find((hint) => hint.server === server)?.email}
      />,
      // Ink reads it as it would read process.stdin; it only lacks the fields Ink never touches.
      { stdin: pacedInput(process.stdin) as unknown as NodeJS.ReadStream },
    );
    await app.waitUntilExit();
  } finally {
    process.stdout.write(BRACKETED_PASTE_OFF + ALTERNATE_SCREEN_OFF);
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
