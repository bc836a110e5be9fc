/**
 * The built `atende-inbox` in a real terminal: tmux runs it in a pane of a given size; keys,
 * text and bracketed pastes are sent to the pane and the screen is read back. Whether the frame
 * holds together is checked cell by cell as tmux draws it: the width of every grapheme on the
 * screen is measured by printing it in a pane of its own (tmux's widths, not ours), and every
 * row of a box must fill the terminal's width and end with its border.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { until } from './until.js';

const run = promisify(execFile);
const BIN = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'bin/atende-inbox.mjs');
const segmenter = new Intl.Segmenter();
const ASCII = /^[\x20-\x7e]$/;
const BOX_START = /^[│╭╰║╔╚]/;
const BOX_END = /[│╮╯║╗╝]$/;
/** Says READY, then prints each hex-encoded line it reads alone on a cleared screen, the cursor left after it. */
const PRINTER = `process.stdin.setRawMode(true);process.stdout.write('READY');let b='';process.stdin.on('data',(d)=>{b+=d;let i;while((i=b.search(/[\\r\\n]/))>=0){const h=b.slice(0,i);b=b.slice(i+1);if(h)process.stdout.write('\\x1b[2J\\x1b[H'+Buffer.from(h,'hex').toString('utf8'));}});`;

export interface TerminalOptions {
  columns: number;
  rows: number;
  args?: string[];
  /** Environment of the inbox; LANG=C.UTF-8 and no other locale unless given. */
  env?: Record<string, string>;
}

export interface TerminalUnderTest {
  /** tmux key names (Enter, Escape, C-w, Up...), each as typed. */
  keys(...keys: string[]): Promise<void>;
  /** Text typed as is, as fast as tmux sends it. */
  type(text: string): Promise<void>;
  /** Bytes given in hex ('1b 5b 42 20'), sent to the program in one write. */
  hex(bytes: string): Promise<void>;
  /** Text pasted (bracketed, as a terminal pastes). */
  paste(text: string): Promise<void>;
  screen(): Promise<string>;
  shows(...texts: string[]): Promise<string>;
  showsWhere(check: (screen: string) => boolean, what: string): Promise<string>;
  /** Rows of a box that do not fill the width or do not end with their border (with their width): none when the frame holds. */
  brokenRows(): Promise<string[]>;
  /** Waits for a frame with no broken rows (a resize is drawn over a few frames), failing with the last ones. */
  settlesWhole(what: string): Promise<void>;
  resize(columns: number, rows: number): Promise<void>;
  /** Writes straight to the pane's terminal, as another program would. */
  scribble(text: string): Promise<void>;
  /** Whether the inbox is still running. */
  running(): Promise<boolean>;
  stop(): Promise<void>;
}

let sessions = 0;

export async function startTerminal(options: TerminalOptions): Promise<TerminalUnderTest> {
  sessions += 1;
  const socket = `atende-inbox-test-${process.pid}-${sessions}`;
  const tmux = (...args: string[]) => run('tmux', ['-L', socket, '-f', '/dev/null', ...args]);
  const env = { LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '', ATENDE_LANGUAGE: '', ...options.env };
  const envArgs = Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
  const command = [process.execPath, BIN, ...(options.args ?? [])].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  await tmux('new-session', '-d', '-s', 'inbox', '-x', String(options.columns), '-y', String(options.rows), ...envArgs, command);
  let columns = options.columns;
  const widths = new Map<string, number>();

  const screen = async () => (await tmux('capture-pane', '-p', '-t', 'inbox:0')).stdout;
  const showsWhere = (check: (text: string) => boolean, what: string) => {
    let last = '';
    return until(
      async () => {
        last = await screen();
        return check(last) ? last : null;
      },
      () => `${what}\n--- screen ---\n${last}`,
      20_000,
    );
  };

  /** tmux's width of each grapheme not measured yet, printed alone in a window of its own. */
  async function measure(graphemes: string[]): Promise<void> {
    const unknown = graphemes.filter((grapheme) => !widths.has(grapheme));
    if (unknown.length === 0) return;
    await tmux('new-window', '-d', '-t', 'inbox', '-n', 'ruler', `${process.execPath} -e "${PRINTER}"`);
    try {
      // Keys sent before the printer takes the terminal raw would be echoed and cooked.
      await until(async () => (await tmux('capture-pane', '-p', '-t', 'inbox:ruler')).stdout.startsWith('READY'), 'the printer is ready');
      for (const grapheme of unknown) {
        await tmux('send-keys', '-t', 'inbox:ruler', '-l', `${Buffer.from(grapheme, 'utf8').toString('hex')}\r`);
        await until(async () => (await tmux('capture-pane', '-p', '-t', 'inbox:ruler')).stdout.split('\n')[0] === grapheme, `tmux prints ${JSON.stringify(grapheme)}`);
        widths.set(grapheme, Number((await tmux('display', '-p', '-t', 'inbox:ruler', '#{cursor_x}')).stdout.trim()));
      }
    } finally {
      await tmux('kill-window', '-t', 'inbox:ruler');
    }
  }

  /** Rows of a box that do not fill the width or do not end with their border. */
  async function brokenRows(): Promise<string[]> {
    const rows = (await screen()).split('\n');
    const graphemes = rows.flatMap((row) => Array.from(segmenter.segment(row), ({ segment }) => segment));
    await measure([...new Set(graphemes.filter((grapheme) => !ASCII.test(grapheme)))]);
    const widthOf = (row: string) => Array.from(segmenter.segment(row), ({ segment }) => (ASCII.test(segment) ? 1 : widths.get(segment)!)).reduce((sum, width) => sum + width, 0);
    // A row with a box's right edge that does not start with its left edge was pushed off it too.
    const boxRow = (row: string) => BOX_START.test(row) || BOX_END.test(row);
    return rows.filter((row) => boxRow(row) && (widthOf(row) !== columns || !BOX_START.test(row) || !BOX_END.test(row))).map((row) => `${widthOf(row)} cells: ${row}`);
  }

  return {
    async keys(...keys) {
      for (const key of keys) await tmux('send-keys', '-t', 'inbox:0', key);
    },
    async type(text) {
      await tmux('send-keys', '-t', 'inbox:0', '-l', text);
    },
    async hex(bytes) {
      await tmux('send-keys', '-t', 'inbox:0', '-H', ...bytes.split(' '));
    },
    async paste(text) {
      await tmux('set-buffer', '-b', 'paste', text);
      await tmux('paste-buffer', '-p', '-d', '-b', 'paste', '-t', 'inbox:0');
    },
    screen,
    shows: (...texts) => showsWhere((text) => texts.every((expected) => text.includes(expected)), `the screen shows ${JSON.stringify(texts)}`),
    showsWhere,
    brokenRows,
    async settlesWhole(what) {
      let broken: string[] = [];
      await until(
        async () => {
          broken = await brokenRows();
          return broken.length === 0;
        },
        () => `${what}: the frame stays broken\n${broken.join('\n')}`,
        5_000,
      );
    },
    async resize(nextColumns, nextRows) {
      await tmux('resize-window', '-t', 'inbox:0', '-x', String(nextColumns), '-y', String(nextRows));
      columns = nextColumns;
    },
    async scribble(text) {
      const tty = (await tmux('display', '-p', '-t', 'inbox:0', '#{pane_tty}')).stdout.trim();
      await run('sh', ['-c', `printf '%s' "$1" > "$2"`, 'scribble', text, tty]);
    },
    async running() {
      const panes = await tmux('list-panes', '-t', 'inbox:0', '-F', '#{pane_dead} #{pane_current_command}').catch(() => ({ stdout: '' }));
      return panes.stdout.includes('node');
    },
    async stop() {
      await tmux('kill-server').catch(() => undefined);
    },
  };
}
