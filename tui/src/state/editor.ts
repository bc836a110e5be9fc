/**
 * A text field's content and cursor, and the keys that edit it (composer, login, search, pickers).
 * Pasted text arrives as one input; in one-line fields its line breaks become spaces.
 */
import type { Key } from 'ink';

export interface EditorState {
  text: string;
  /** Index in `text` (UTF-16), between characters. */
  cursor: number;
}

export type EditorAction =
  | { type: 'insert'; text: string }
  | { type: 'backspace' }
  | { type: 'delete' }
  | { type: 'left' }
  | { type: 'right' }
  | { type: 'home' }
  | { type: 'end' }
  | { type: 'set'; text: string };

export const emptyEditor: EditorState = { text: '', cursor: 0 };

/** Length of the code point before / after the cursor (emoji are two UTF-16 units). */
function before(text: string, cursor: number): number {
  const code = text.codePointAt(cursor - 2);
  return cursor >= 2 && code !== undefined && code > 0xffff ? 2 : 1;
}

function after(text: string, cursor: number): number {
  const code = text.codePointAt(cursor);
  return code !== undefined && code > 0xffff ? 2 : 1;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { text, cursor } = state;
  switch (action.type) {
    case 'insert':
      return { text: text.slice(0, cursor) + action.text + text.slice(cursor), cursor: cursor + action.text.length };
    case 'backspace': {
      if (cursor === 0) return state;
      const size = before(text, cursor);
      return { text: text.slice(0, cursor - size) + text.slice(cursor), cursor: cursor - size };
    }
    case 'delete':
      return cursor >= text.length ? state : { text: text.slice(0, cursor) + text.slice(cursor + after(text, cursor)), cursor };
    case 'left':
      return cursor === 0 ? state : { text, cursor: cursor - before(text, cursor) };
    case 'right':
      return cursor >= text.length ? state : { text, cursor: cursor + after(text, cursor) };
    case 'home':
      return { text, cursor: text.lastIndexOf('\n', cursor - 1) + 1 };
    case 'end': {
      const end = text.indexOf('\n', cursor);
      return { text, cursor: end === -1 ? text.length : end };
    }
    case 'set':
      return { text: action.text, cursor: action.text.length };
  }
}

/**
 * The edit a key makes, or null for keys the field leaves to its owner (Enter, Esc, Tab, arrows
 * up and down, control keys). Multi-line fields take Alt+Enter and Ctrl+J as a new line.
 */
export function editorActionFor(input: string, key: Key, multiline: boolean): EditorAction | null {
  if (multiline && ((key.return && key.meta) || input === '\n')) return { type: 'insert', text: '\n' };
  // Most terminals send DEL for the Backspace key, which Ink reports as `delete`.
  if (key.backspace || key.delete) return { type: 'backspace' };
  if (key.leftArrow) return { type: 'left' };
  if (key.rightArrow) return { type: 'right' };
  if (key.home || (key.ctrl && input === 'a')) return { type: 'home' };
  if (key.end || (key.ctrl && input === 'e')) return { type: 'end' };
  if (key.return || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown || key.ctrl || key.meta) return null;
  if (!input) return null;
  const text = input.replace(/\r\n?/g, '\n');
  return { type: 'insert', text: multiline ? text : text.replace(/\n/g, ' ') };
}
