/**
 * The composer's text as lines: wrapped to the width, the cursor an inverted cell (the grapheme
 * under it, or a space at a line's end), and at most five rows shown around the cursor
 * (document 1 section 5).
 */
import { cellsOf } from '../format/cells.js';
import { wrapCells, type WrapCell } from '../format/text.js';
import type { EditorState } from '../state/editor.js';
import type { Line } from '../ui/lines.js';
import { windowStart } from '../ui/window.js';

export const COMPOSER_ROWS_MAX = 5;

type ComposerCell = WrapCell & { cursor?: boolean };

function withCursor(cells: ComposerCell[], cursor: number): ComposerCell[] {
  const at = cells.findIndex((cell) => cell.start >= cursor);
  const under = at === -1 ? undefined : cells[at];
  if (under && under.start === cursor && under.text !== '\n') return cells.map((cell, index) => (index === at ? { ...cell, text: cell.text || ' ', width: Math.max(1, cell.width), cursor: true, keep: true } : cell));
  const mark: ComposerCell = { text: ' ', width: 1, start: cursor, end: cursor, cursor: true, keep: true };
  return at === -1 ? [...cells, mark] : [...cells.slice(0, at), mark, ...cells.slice(at)];
}

export function composerLines({ text, cursor }: EditorState, width: number, focused: boolean): Line[] {
  const cells: ComposerCell[] = focused ? withCursor(cellsOf(text), cursor) : cellsOf(text);
  const rows = wrapCells(cells, width);
  const cursorRow = Math.max(0, rows.findIndex((row) => row.some((cell) => cell.cursor)));
  const start = windowStart(cursorRow, rows.length, COMPOSER_ROWS_MAX);
  return rows.slice(start, start + COMPOSER_ROWS_MAX).map((row) => {
    const split = row.findIndex((cell) => cell.cursor);
    const join = (part: ComposerCell[]) => part.map((cell) => cell.text).join('');
    if (split === -1) return [{ text: join(row) }];
    return [{ text: join(row.slice(0, split)) }, { text: row[split]!.text, inverse: true }, { text: join(row.slice(split + 1)) }];
  });
}
