/**
 * The inbox rendered by ink-testing-library against a spawned server: keys go in one at a time
 * (as a person types), frames are read back, the bell is counted.
 */
import type { Language } from '@atende/shared';
import { createApiClient, memorySession, type SessionStore } from '@atende/shared/client';
import { render } from 'ink-testing-library';
import { App } from '../../src/app/App.js';
import { connect, type Connection } from '../../src/state/connection.js';
import type { SpawnedServer } from '../../../scripts/testing/server.js';
import type { Account } from './company.js';
import { until } from './until.js';

export const KEYS = {
  enter: '\r',
  escape: '\x1b',
  tab: '\t',
  up: '\x1b[A',
  down: '\x1b[B',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  backspace: '\x7f',
  altEnter: '\x1b\r',
  ctrlJ: '\n',
  ctrlO: '\x0f',
  ctrlX: '\x18',
  ctrlS: '\x13',
  ctrlU: '\x15',
} as const;

export interface InboxUnderTest {
  connection: Connection;
  session: SessionStore;
  bells: () => number;
  frame(): string;
  /** Sends keys one by one, letting the screen update after each. */
  press(...keys: string[]): Promise<void>;
  /** Types a text as one input (a paste), then lets the screen update. */
  type(text: string): Promise<void>;
  /** Waits until the frame shows every text given (or the predicate holds). */
  see(...texts: string[]): Promise<string>;
  seeWhere(check: (frame: string) => boolean, what: string): Promise<string>;
  /** The terminal is resized to this many columns. */
  resize(columns: number): void;
  unmount(): void;
}

/**
 * Ink hands a lone Esc over in an immediate (it could start a sequence); React applies a key's
 * changes in a task of its own, which a timer follows (see pacedInput).
 */
const settle = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 10));
};

export interface RenderOptions {
  session?: SessionStore;
  language?: Language;
  /** The process environment the inbox reads (ATENDE_LANGUAGE, LC_ALL, LANG): none by default. */
  env?: NodeJS.ProcessEnv;
  muted?: boolean;
  downloadDir?: string;
  /** The drafts' file (a restart is a new render with the same file); memory only without it. */
  draftsFile?: string;
  signInEmail?: string;
}

export function renderInbox(server: SpawnedServer, options: RenderOptions = {}): InboxUnderTest {
  const session = options.session ?? memorySession();
  const connection = connect(server.url, session);
  let bells = 0;
  const app = render(
    <App
      connection={connection}
      language={options.language}
      env={options.env ?? {}}
      muted={options.muted}
      bell={() => (bells += 1)}
      downloadDir={options.downloadDir ?? process.cwd()}
      draftsFile={options.draftsFile}
      signInEmail={options.signInEmail}
    />,
  );
  const frame = () => app.lastFrame() ?? '';
  const seeWhere = (check: (text: string) => boolean, what: string) => until(() => (check(frame()) ? frame() : null), () => `${what}\n--- last frame ---\n${frame()}\n---`);
  return {
    connection,
    session,
    bells: () => bells,
    frame,
    async press(...keys) {
      for (const key of keys) {
        app.stdin.write(key);
        await settle();
      }
    },
    async type(text) {
      app.stdin.write(text);
      await settle();
    },
    see: (...texts) => seeWhere((text) => texts.every((expected) => text.includes(expected)), `the screen shows ${JSON.stringify(texts)}`),
    seeWhere,
    resize(columns) {
      Object.defineProperty(app.stdout, 'columns', { value: columns, configurable: true });
      app.stdout.emit('resize');
    },
    unmount: () => app.unmount(),
  };
}

/** The rows of the right-hand pane (the conversation, when two panes are shown). */
function rightPane(frame: string): string[] {
  return frame.split('\n').map((row) => (row.includes('││') ? row.slice(row.indexOf('││') + 2) : row));
}

/** In the conversation pane, the row just above the first one showing `text` (a message's header above its text). */
export function lineAbove(frame: string, text: string): string {
  const rows = rightPane(frame);
  const index = rows.findIndex((row) => row.includes(text));
  return index > 0 ? rows[index - 1]! : '';
}

/** In the conversation pane, the row just below the first one showing `text` (a media's address below its label). */
export function lineBelow(frame: string, text: string): string {
  const rows = rightPane(frame);
  const index = rows.findIndex((row) => row.includes(text));
  return index >= 0 ? (rows[index + 1] ?? '') : '';
}

/** A session of the account, as a login by the CLI would leave it. */
export async function sessionOf(server: SpawnedServer, account: Account, session: SessionStore = memorySession()): Promise<SessionStore> {
  await createApiClient({ baseUrl: server.url, session }).auth.login(account);
  return session;
}
