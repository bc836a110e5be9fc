/**
 * Cutting and wrapping text for terminal cells (cells.ts says how wide each grapheme is). The
 * inbox wraps text itself (instead of leaving it to Ink) so that it knows how many rows a message
 * takes and can anchor the conversation at its newest line.
 */
import { cellsOf, type Cell } from './cells.js';

export { terminalLine, terminalText, textWidth } from './cells.js';

/** Cuts to `max` cells on one line, ending with … when something was cut. */
export function truncate(text: string, max: number): string {
  if (max <= 0) return '';
  const cells = cellsOf(text).map((cell) => (cell.text === '\n' ? { ...cell, text: ' ', width: 1 } : cell));
  if (cells.reduce((sum, cell) => sum + cell.width, 0) <= max) return cells.map((cell) => cell.text).join('');
  let out = '';
  let width = 0;
  for (const cell of cells) {
    if (width + cell.width > max - 1) break;
    out += cell.text;
    width += cell.width;
  }
  return `${out}…`;
}

/** The first line of a text, with the others marked by … (list previews). */
export function firstLine(text: string): string {
  const [first = '', ...rest] = text.replace(/\r\n?/g, '\n').split('\n');
  return rest.length > 0 ? `${first}…` : first;
}

/** A cell the wrapping never drops nor breaks before (the composer's cursor). */
export type WrapCell = Cell & { keep?: boolean };

const isSpace = (cell: WrapCell) => cell.text === ' ' && !cell.keep;

/**
 * Word-wraps cells to `width`: a row breaks at its last space when the next word does not fit (the
 * space goes), inside a word longer than the width, and at every line break (not kept in a row).
 */
export function wrapCells<T extends WrapCell>(cells: T[], width: number): T[][] {
  const safeWidth = Math.max(1, width);
  const rows: T[][] = [];
  let row: T[] = [];
  let used = 0;
  let wrapped = false;
  const close = (next: T[], brokenByWidth: boolean) => {
    rows.push(row);
    row = next;
    used = next.reduce((sum, cell) => sum + cell.width, 0);
    wrapped = brokenByWidth;
  };
  for (const cell of cells) {
    if (cell.text === '\n' && !cell.keep) {
      close([], false);
      continue;
    }
    // A row continued from the one above does not start with the spaces it broke at.
    if (wrapped && row.length === 0 && isSpace(cell)) continue;
    if (used + cell.width > safeWidth && row.length > 0) {
      if (isSpace(cell)) {
        close([], true);
        continue;
      }
      const space = row.findLastIndex(isSpace);
      if (space > 0) {
        const carried = row.slice(space + 1);
        row = row.slice(0, space);
        close(carried, true);
      } else close([], true);
    }
    row.push(cell);
    used += cell.width;
  }
  rows.push(row);
  return rows;
}

/** Word-wraps to `width` cells; line breaks are kept, tabs become spaces. */
export function wrapText(text: string, width: number): string[] {
  return wrapCells(cellsOf(text), width).map((row) => row.map((cell) => cell.text).join(''));
}
