/**
 * What issue 23 adds under a message's text: its reactions as chips (emoji and count, the
 * company's own in green), and, while it is selected, who reacted with each emoji and the earlier
 * bodies of an edited message.
 */
import { reactionChips, unsignedText, type Message } from '@atende/shared';
import { clockTime } from '../format/time.js';
import { textWidth, truncate, wrapText } from '../format/text.js';
import type { Line, Segment } from '../ui/lines.js';
import type { MessageLineContext } from './messageLines.js';

const INDENT = '  ';
const CHIP_GAP = '  ';
const HISTORY_MARK = '┆ ';

/** The chips that fit the width, on one line; none without reactions. */
export function reactionLine(message: Pick<Message, 'reactions'>, width: number): Line | null {
  if (message.reactions.length === 0) return null;
  const line: Segment[] = [{ text: INDENT }];
  let used = INDENT.length;
  for (const chip of reactionChips(message.reactions)) {
    const text = `${chip.emoji} ${chip.count}`;
    const cells = textWidth(text) + (line.length > 1 ? CHIP_GAP.length : 0);
    if (used + cells > width) break;
    if (line.length > 1) line.push({ text: CHIP_GAP });
    line.push(chip.mine ? { text, color: 'green', bold: true } : { text });
    used += cells;
  }
  return line;
}

/** Who reacted, a line per emoji (the web console shows the same names on hovering a chip). */
export function reactorLines(message: Pick<Message, 'reactions'>, { texts: { t }, width }: MessageLineContext): Line[] {
  return reactionChips(message.reactions).map((chip): Line => {
    const unnamed = chip.count - chip.names.length;
    const names = [...chip.names, ...(unnamed > 0 ? [`+${unnamed}`] : [])].join(', ');
    return [{ text: truncate(`${INDENT}${HISTORY_MARK}${t('tui.message.reactedBy', { emoji: chip.emoji, names })}`, width), dim: true }];
  });
}

/** The earlier bodies, oldest first, each with when it was replaced (without the signature). */
export function historyLines(message: Pick<Message, 'editHistory' | 'signed'>, { texts: { t }, now, width }: MessageLineContext): Line[] {
  return message.editHistory.flatMap((edit) => {
    const label = t('tui.message.history', { time: clockTime(edit.editedAt, now) });
    const body = unsignedText({ body: edit.body, signed: message.signed });
    return wrapText(`${label} ${body}`, width - INDENT.length - HISTORY_MARK.length).map((row): Line => [{ text: `${INDENT}${HISTORY_MARK}${row}`, dim: true }]);
  });
}
