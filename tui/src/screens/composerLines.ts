/**
 * The composer's text as lines: wrapped to the width, the cursor an inverted cell, and at most
 * five rows shown around the cursor (document 1 section 5).
 */
import { wrapText } from '../format/text.js';
import type { EditorState } from '../state/editor.js';
import type { Line } from '../ui/lines.js';
import { windowStart } from '../ui/window.js';

export const COMPOSER_ROWS_MAX = 5;
const CURSOR = '\u0000';

export function composerLines({ text, cursor }: EditorState, width: number, focused: boolean): Line[] {
  const at = text.slice(cursor, cursor + 1);
  // The cursor stands in for the character under it; a line break under it stays a line break.
  const marked = focused ? text.slice(0, cursor) + CURSOR + (at === '\n' ? '\n' : '') + text.slice(cursor + (at && at !== '\n' ? 1 : 0)) : text;
  const rows = wrapText(marked, width);
  const cursorRow = Math.max(0, rows.findIndex((row) => row.includes(CURSOR)));
  const start = windowStart(cursorRow, rows.length, COMPOSER_ROWS_MAX);
  return rows.slice(start, start + COMPOSER_ROWS_MAX).map((row) => {
    const split = row.indexOf(CURSOR);
    if (split === -1) return [{ text: row }];
    return [{ text: row.slice(0, split) }, { text: at && at !== '\n' ? at : ' ', inverse: true }, { text: row.slice(split + 1) }];
  });
}
