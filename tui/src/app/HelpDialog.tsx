/**
 * Every key of the inbox, by the part that takes it (?): the sections in as many columns as the
 * width holds, scrolled with ↑↓ / PgUp PgDn when the terminal is too short for them. Any other key
 * closes it.
 */
import { Box } from 'ink';
import { useState } from 'react';
import { Dialog, dialogListRows } from '../screens/Dialog.js';
import { textWidth, truncate } from '../format/text.js';
import { LineText, type Line } from '../ui/lines.js';
import { useKeys } from '../ui/keys.js';
import { useTexts, type Translate } from './i18n.js';
import { KEY_SECTIONS, type KeySection } from './keymap.js';

const KEY_COLUMN = 17;
const GAP = 2;
/** Border and padding of the dialog. */
const FRAME_COLUMNS = 4;

function sectionLines(section: KeySection, t: Translate, width: number): Line[] {
  return [
    [{ text: truncate(t(`tui.help.${section}`), width), bold: true, underline: true }],
    ...KEY_SECTIONS[section].map((key): Line => [
      { text: key.keys.padEnd(KEY_COLUMN), color: 'cyan' },
      { text: truncate(t(`tui.keys.${key.action}`), Math.max(1, width - KEY_COLUMN)) },
    ]),
  ];
}

const lineWidth = (line: Line) => line.reduce((sum, segment) => sum + textWidth(segment.text), 0);

/** The help as lines of `width` cells at most: sections in columns, a blank line between two in a column. */
export function helpLines(t: Translate, width: number): Line[] {
  const natural = (Object.keys(KEY_SECTIONS) as KeySection[]).map((section) => sectionLines(section, t, Number.MAX_SAFE_INTEGER));
  const columnWidth = Math.min(width, Math.max(...natural.flat().map(lineWidth)));
  const sections = (Object.keys(KEY_SECTIONS) as KeySection[]).map((section) => sectionLines(section, t, columnWidth));
  const count = Math.max(1, Math.floor((width + GAP) / (columnWidth + GAP)));
  const total = sections.reduce((sum, lines) => sum + lines.length + 1, 0);
  const target = Math.ceil(total / count);
  const columns: Line[][] = [[]];
  for (const lines of sections) {
    let column = columns.at(-1)!;
    if (column.length > 0 && column.length + lines.length > target && columns.length < count) {
      column = [];
      columns.push(column);
    }
    if (column.length > 0) column.push([{ text: ' ' }]);
    column.push(...lines);
  }
  const height = Math.max(...columns.map((column) => column.length));
  return Array.from({ length: height }, (_, row) =>
    columns.flatMap((column, index): Line => {
      const line = column[row] ?? [{ text: ' ' }];
      const last = index === columns.length - 1;
      return last ? line : [...line, { text: ' '.repeat(columnWidth - lineWidth(line) + GAP) }];
    }),
  );
}

export function HelpDialog({ width, height, onClose }: { width: number; height: number; onClose(): void }) {
  const { t } = useTexts();
  const lines = helpLines(t, width - FRAME_COLUMNS);
  const rows = dialogListRows(height);
  const last = Math.max(0, lines.length - rows);
  const [top, setTop] = useState(0);
  const start = Math.min(top, last);
  useKeys((input, key) => {
    if (key.upArrow || input === 'k') setTop(Math.max(0, start - 1));
    else if (key.downArrow || input === 'j') setTop(Math.min(last, start + 1));
    else if (key.pageUp) setTop(Math.max(0, start - rows));
    else if (key.pageDown) setTop(Math.min(last, start + rows));
    else onClose();
  });
  const hint = last > 0 ? `${t('tui.help.scroll', { from: start + 1, to: start + Math.min(rows, lines.length), total: lines.length })} · ${t('tui.help.close')}` : t('tui.help.close');
  return (
    <Dialog title={t('tui.help.title')} hint={hint} width={width} height={height}>
      <Box flexDirection="column">
        {lines.slice(start, start + rows).map((line, index) => (
          <LineText key={start + index} line={line} />
        ))}
      </Box>
    </Dialog>
  );
}
