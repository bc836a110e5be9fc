/**
 * A text field's content and cursor, and the keys that edit it (composer, login, search, pickers),
 * with the readline habits: Ctrl+A/E line start and end, Ctrl+W the word before the cursor,
 * Ctrl+U and Ctrl+K to the line's start and end, Ctrl+Y puts back what they removed. The cursor
 * moves by graphemes (👨‍👩‍👧 is one). Pasted text arrives as one input; in one-line fields its line
 * breaks become spaces.
 */
import type { Key } from 'ink';
import { nextBoundary, previousBoundary } from '../format/cells.js';

export interface EditorState {
  text: string;
  /** Index in `text` (UTF-16), between graphemes. */
  cursor: number;
  /** What Ctrl+W, Ctrl+U or Ctrl+K removed last, for Ctrl+Y. */
  killed?: string;
}

export type EditorAction =
  | { type: 'insert'; text: string }
  | { type: 'backspace' }
  | { type: 'delete' }
  | { type: 'left' }
  | { type: 'right' }
  | { type: 'home' }
  | { type: 'end' }
  | { type: 'killWord' }
  | { type: 'killToStart' }
  | { type: 'killToEnd' }
  | { type: 'yank' }
  | { type: 'set'; text: string };

export const emptyEditor: EditorState = { text: '', cursor: 0 };

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
  const end = text.indexOf('\n', cursor);
  return end === -1 ? text.length : end;
}

/** Start of the word before the cursor: spaces first, then everything up to the previous space (readline's unix-word-rubout). */
function wordStart(text: string, cursor: number): number {
  let at = cursor;
  while (at > 0 && /\s/.test(text[at - 1]!)) at -= 1;
  while (at > 0 && !/\s/.test(text[at - 1]!)) at -= 1;
  return at;
}

/** Removes text[from, to) and keeps it for Ctrl+Y. */
function kill(state: EditorState, from: number, to: number): EditorState {
  if (from === to) return state;
  return { text: state.text.slice(0, from) + state.text.slice(to), cursor: from, killed: state.text.slice(from, to) };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { text, cursor } = state;
  switch (action.type) {
    case 'insert':
      return { ...state, text: text.slice(0, cursor) + action.text + text.slice(cursor), cursor: cursor + action.text.length };
    case 'backspace': {
      const from = previousBoundary(text, cursor);
      return from === cursor ? state : { ...state, text: text.slice(0, from) + text.slice(cursor), cursor: from };
    }
    case 'delete':
      return cursor >= text.length ? state : { ...state, text: text.slice(0, cursor) + text.slice(nextBoundary(text, cursor)) };
    case 'left':
      return { ...state, cursor: previousBoundary(text, cursor) };
    case 'right':
      return { ...state, cursor: nextBoundary(text, cursor) };
    case 'home':
      return { ...state, cursor: lineStart(text, cursor) };
    case 'end':
      return { ...state, cursor: lineEnd(text, cursor) };
    case 'killWord':
      return kill(state, wordStart(text, cursor), cursor);
    case 'killToStart': {
      // At a line's start, Ctrl+U joins it to the line above (as Ctrl+K joins the next one at an end).
      const start = lineStart(text, cursor);
      return kill(state, start === cursor ? Math.max(0, cursor - 1) : start, cursor);
    }
    case 'killToEnd': {
      const end = lineEnd(text, cursor);
      return kill(state, cursor, end === cursor ? Math.min(text.length, cursor + 1) : end);
    }
    case 'yank':
      return state.killed ? editorReducer(state, { type: 'insert', text: state.killed }) : state;
    case 'set':
      return { ...state, text: action.text, cursor: action.text.length };
  }
}

const CONTROL_EDITS: Record<string, EditorAction> = {
  a: { type: 'home' },
  e: { type: 'end' },
  w: { type: 'killWord' },
  u: { type: 'killToStart' },
  k: { type: 'killToEnd' },
  y: { type: 'yank' },
};

/**
 * The edit a key makes, or null for keys the field leaves to its owner (Enter, Esc, Tab, arrows
 * up and down, other control keys). Multi-line fields take Alt+Enter and Ctrl+J as a new line.
 */
export function editorActionFor(input: string, key: Key, multiline: boolean): EditorAction | null {
  if (multiline && ((key.return && key.meta) || input === '\n')) return { type: 'insert', text: '\n' };
  // Alt+Backspace removes the word before the cursor, as in readline.
  if ((key.backspace || key.delete) && key.meta && !key.escape) return { type: 'killWord' };
  // Most terminals send DEL for the Backspace key, which Ink reports as `delete`.
  if (key.backspace || key.delete) return { type: 'backspace' };
  if (key.leftArrow) return { type: 'left' };
  if (key.rightArrow) return { type: 'right' };
  if (key.home) return { type: 'home' };
  if (key.end) return { type: 'end' };
  if (key.ctrl) return CONTROL_EDITS[input] ?? null;
  if (key.return || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown || key.meta) return null;
  if (!input) return null;
  // Control characters left in a paste (an escape sequence) never enter the text.
  const text = input.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
  if (!text) return null;
  return { type: 'insert', text: multiline ? text : text.replace(/\n/g, ' ') };
}
