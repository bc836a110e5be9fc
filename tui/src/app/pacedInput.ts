/**
 * Keys typed faster than the screen redraws (a slow SSH link, a paste, tmux send-keys) reach the
 * program as one chunk, which Ink would take as one input: "name\r" would be text, not text then
 * Enter. The inbox reads the terminal through this stream instead, which cuts each chunk before
 * and after every control key (escape sequences stay whole) and hands the pieces over a few
 * milliseconds apart, so that every key meets the screen the previous one left: React applies a
 * key's changes in a task of its own (a microtask or an immediate), always before such a timer.
 */
import { PassThrough } from 'node:stream';

const ESCAPE = 0x1b;
const PACE_MS = 5;

function isControl(code: number): boolean {
  return (code < 0x20 && code !== ESCAPE) || code === 0x7f;
}

export function splitKeys(chunk: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of chunk) {
    const code = char.codePointAt(0)!;
    if (isControl(code)) {
      if (piece) pieces.push(piece);
      pieces.push(char);
      piece = '';
    } else if (code === ESCAPE && piece) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
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
    queue.push(...splitKeys(chunk));
    if (!flushing) {
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
