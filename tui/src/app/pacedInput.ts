/**
 * Keys typed faster than the screen redraws (a slow SSH link, tmux send-keys) reach the program as
 * one chunk, which Ink would take as one input: "name\r" would be text, not text then Enter. The
 * inbox reads the terminal through this stream instead, which cuts each chunk before and after
 * every control key and escape sequence (each whole) and hands the pieces over a few milliseconds
 * apart, so that every key meets the screen the previous one left: React applies a key's changes
 * in a task of its own (a microtask or an immediate), always before such a timer.
 *
 * A paste is not keys: the terminal wraps it in bracketed-paste marks (ESC[200~ ... ESC[201~, asked
 * for by the program, see main.tsx), and its text goes over as one piece, line breaks as "\n" and
 * control characters left out, so that a pasted address with several lines is text, not Enters.
 */
import { PassThrough } from 'node:stream';

const ESCAPE = 0x1b;
const PACE_MS = 5;
export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';
export const BRACKETED_PASTE_ON = '\x1b[?2004h';
export const BRACKETED_PASTE_OFF = '\x1b[?2004l';

function isControl(code: number): boolean {
  return (code < 0x20 && code !== ESCAPE) || code === 0x7f;
}

export function splitKeys(chunk: string): string[] {
  const pieces: string[] = [];
  let text = '';
  let index = 0;
  while (index < chunk.length) {
    const code = chunk.codePointAt(index)!;
    const length = code === ESCAPE ? escapeKeyLength(chunk, index) : code > 0xffff ? 2 : 1;
    if (code === ESCAPE || isControl(code)) {
      if (text) pieces.push(text);
      text = '';
      pieces.push(chunk.slice(index, index + length));
    } else {
      text += chunk.slice(index, index + length);
    }
    index += length;
  }
  if (text) pieces.push(text);
  return pieces;
}

/**
 * Length of the key that starts with the Esc at `start`, as Ink reads it: a CSI or SS3 sequence
 * (an arrow; after a second Esc, Alt+arrow), else Esc with the character after it (Alt+letter,
 * and Alt+Enter as tmux sends it: ESC CR), else Esc alone (two Escs typed at once are two keys).
 * Text after the key is another piece: a key typed right after an arrow must act on the screen
 * the arrow left.
 */
function escapeKeyLength(chunk: string, start: number): number {
  const next = chunk[start + 1];
  if (next === '[' || next === 'O') return sequenceLength(chunk, start);
  if (next === '\x1b') return chunk[start + 2] === '[' || chunk[start + 2] === 'O' ? 1 + sequenceLength(chunk, start + 1) : 1;
  if (next === undefined) return 1;
  return 1 + (chunk.codePointAt(start + 1)! > 0xffff ? 2 : 1);
}

/** Length of the CSI (ESC [ parameters final) or SS3 (ESC O letter) sequence at `start`. */
function sequenceLength(chunk: string, start: number): number {
  if (chunk[start + 1] === 'O') return Math.min(3, chunk.length - start);
  let at = start + (chunk[start + 2] === '[' ? 3 : 2);
  while (at < chunk.length && /[\x20-\x3f]/.test(chunk[at]!)) at += 1;
  return Math.min(at + 1, chunk.length) - start;
}

/** A paste's text as one input: line breaks as "\n", no other control character. */
export function pastedText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
}

/**
 * Cuts the terminal's input into the pieces handed to Ink: keys (splitKeys) and pastes (one piece
 * each). Marks split across chunks are waited for.
 */
export function createInputSplitter(): (chunk: string) => string[] {
  let pending = '';
  let pasting: string | null = null;
  return (chunk) => {
    let input = pending + chunk;
    pending = '';
    const pieces: string[] = [];
    while (input) {
      if (pasting !== null) {
        const end = input.indexOf(PASTE_END);
        if (end === -1) {
          // Keep what could be the start of the end mark for the next chunk.
          const keep = partialMarkAt(input, PASTE_END, 1);
          pasting += input.slice(0, input.length - keep);
          pending = input.slice(input.length - keep);
          return pieces;
        }
        const text = pastedText(pasting + input.slice(0, end));
        if (text) pieces.push(text);
        pasting = null;
        input = input.slice(end + PASTE_END.length);
        continue;
      }
      const start = input.indexOf(PASTE_START);
      if (start === -1) {
        // A lone Esc at the end is the Esc key, not the start of a mark: it goes at once.
        const keep = partialMarkAt(input, PASTE_START, 2);
        pieces.push(...splitKeys(input.slice(0, input.length - keep)));
        pending = input.slice(input.length - keep);
        return pieces;
      }
      pieces.push(...splitKeys(input.slice(0, start)));
      pasting = '';
      input = input.slice(start + PASTE_START.length);
    }
    return pieces;
  };
}

/** Length of the end of `input` (at least `shortest`) that is the beginning of `mark` (0 when none). */
function partialMarkAt(input: string, mark: string, shortest: number): number {
  for (let length = Math.min(mark.length - 1, input.length); length >= shortest; length -= 1) {
    if (mark.startsWith(input.slice(input.length - length))) return length;
  }
  return 0;
}

export interface TerminalInput extends PassThrough {
  isTTY: boolean;
  setRawMode(mode: boolean): TerminalInput;
  ref(): TerminalInput;
  unref(): TerminalInput;
}

/** What Ink needs of stdin (raw mode, ref, readable), fed by the terminal piece by piece. */
export function pacedInput(source: NodeJS.ReadStream): TerminalInput {
  const input = new PassThrough({ encoding: 'utf8' }) as unknown as TerminalInput;
  const split = createInputSplitter();
  const queue: string[] = [];
  let flushing = false;
  const flush = () => {
    const next = queue.shift();
    if (next === undefined) {
      flushing = false;
      return;
    }
    input.write(next);
    setTimeout(flush, PACE_MS);
  };
  source.setEncoding('utf8');
  source.on('data', (chunk: string) => {
    queue.push(...split(chunk));
    if (!flushing && queue.length > 0) {
      flushing = true;
      flush();
    }
  });
  input.isTTY = true;
  input.setRawMode = (mode) => {
    source.setRawMode(mode);
    return input;
  };
  input.ref = () => {
    source.ref();
    return input;
  };
  input.unref = () => {
    source.unref();
    return input;
  };
  return input;
}
