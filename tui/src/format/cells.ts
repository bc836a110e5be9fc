/**
 * Text as terminal cells. Ink measures a frame with string-width (grapheme clusters, emoji
 * sequences as two cells), but terminals draw some clusters wider or narrower than that: tmux 3.3
 * draws 👍🏽 in four cells, ❤️ and 1️⃣ in one, 🏳️‍🌈 in one, and the frame's borders move. So every
 * text the inbox shows goes out in a form that string-width and the terminals measure alike:
 * skin tones, variation selectors and keycap marks are left out (👍🏽 shows as 👍, ❤️ as ❤), a
 * joined sequence whose first part is narrow shows as that part, and control characters (a
 * customer's escape sequences, bidirectional overrides) never reach the terminal. Flags and joined
 * sequences of wide emoji (🇧🇷 👨‍👩‍👧) are kept: both sides draw them in two cells.
 */
import stringWidth from 'string-width';
import { TERMINAL_CONTROLS } from '@atende/shared';

export interface Cell {
  /** What the terminal is given for this grapheme ('' for one it must not see, '\n' for a line break). */
  text: string;
  width: number;
  /** Where the grapheme is in the source text (UTF-16 offsets). */
  start: number;
  end: number;
}

const segmenter = new Intl.Segmenter();
const PLAIN = /^[\x20-\x7e\n]*$/;
const SKIN_TONE = /(?<=.)[\u{1F3FB}-\u{1F3FF}]/gu;
const SELECTORS = /[\uFE0E\uFE0F\u20E3]/g;
const JOINER = '\u200D';
const TAB = '  ';

/** The form of one grapheme cluster every terminal draws as wide as string-width says. */
export function stableCluster(cluster: string): string {
  if (cluster === '\t') return TAB;
  let stable = cluster.replace(TERMINAL_CONTROLS, '');
  if (stable.length <= 1) return stable;
  stable = stable.replace(SKIN_TONE, '').replace(SELECTORS, '');
  if (stable.includes(JOINER)) {
    const first = stable.slice(0, stable.indexOf(JOINER));
    if (stringWidth(first) !== 2) stable = first;
  }
  return stable;
}

/** One cell per grapheme of `text`, in terminal-stable form, with where it came from. */
export function cellsOf(text: string): Cell[] {
  const cells: Cell[] = [];
  for (const { segment, index } of segmenter.segment(text)) {
    const end = index + segment.length;
    if (segment === '\n' || segment === '\r\n' || segment === '\r') cells.push({ text: '\n', width: 0, start: index, end });
    else {
      const shown = stableCluster(segment);
      cells.push({ text: shown, width: shown ? stringWidth(shown) : 0, start: index, end });
    }
  }
  return cells;
}

/** The text as the terminal may be given it (line breaks kept). */
export function terminalText(text: string): string {
  if (PLAIN.test(text)) return text;
  return cellsOf(text)
    .map((cell) => cell.text)
    .join('');
}

/** The same on one line: line breaks become spaces (names, titles, previews). */
export function terminalLine(text: string): string {
  return terminalText(text).replace(/\n/g, ' ');
}

/** Cells the text takes on one line, as Ink and the terminal count them. */
export function textWidth(text: string): number {
  if (PLAIN.test(text)) return text.replace(/\n/g, '').length;
  return cellsOf(text).reduce((sum, cell) => sum + cell.width, 0);
}

/** Offset of the grapheme boundary before / after `offset` (the editor's cursor moves by graphemes). */
export function previousBoundary(text: string, offset: number): number {
  if (offset <= 0) return 0;
  return segmenter.segment(text).containing(offset - 1)?.index ?? offset - 1;
}

export function nextBoundary(text: string, offset: number): number {
  if (offset >= text.length) return text.length;
  const segment = segmenter.segment(text).containing(offset);
  return segment ? segment.index + segment.segment.length : offset + 1;
}
