/**
 * Measuring, cutting and wrapping text for terminal cells. The inbox wraps text itself (instead of
 * leaving it to Ink) so that it knows how many rows a message takes and can anchor the
 * conversation at its newest line.
 */

const WIDE = /[\p{Extended_Pictographic}\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;
const ZERO_WIDTH = /[\u200B-\u200F\u0300-\u036F\uFE00-\uFE0F]/u;

/** Cells a code point takes: emoji and East Asian wide characters take two, marks none. */
function cellsOf(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  return WIDE.test(char) ? 2 : 1;
}

export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += cellsOf(char);
  return width;
}

/** Cuts to `max` cells, ending with … when something was cut. */
export function truncate(text: string, max: number): string {
  if (max <= 0) return '';
  if (textWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const char of text) {
    const cells = cellsOf(char);
    if (width + cells > max - 1) break;
    out += char;
    width += cells;
  }
  return `${out}…`;
}

/** The first line of a text, with the others marked by … (list previews). */
export function firstLine(text: string): string {
  const [first = '', ...rest] = text.split('\n');
  return rest.length > 0 ? `${first}…` : first;
}

/** Breaks a word longer than the width into pieces of the width. */
function hardBreak(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let cells = 0;
  for (const char of word) {
    const size = cellsOf(char);
    if (cells + size > width && piece) {
      pieces.push(piece);
      piece = '';
      cells = 0;
    }
    piece += char;
    cells += size;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

function wrapParagraph(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/ +/)) {
    if (!word) continue;
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const pieces = hardBreak(word, width);
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  lines.push(line);
  return lines;
}

/** Word-wraps to `width` cells; newlines are kept, tabs become spaces. */
export function wrapText(text: string, width: number): string[] {
  const safeWidth = Math.max(1, width);
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '  ')
    .split('\n')
    .flatMap((paragraph) => wrapParagraph(paragraph, safeWidth));
}
