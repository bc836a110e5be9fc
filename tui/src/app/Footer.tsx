/**
 * The keys of the part that takes them, on one line: as many whole keys as the width leaves, and
 * on the right, at any width, help and quit (or the way out of the field).
 */
import { Box, Text } from 'ink';
import { Fragment } from 'react';
import { textWidth } from '../format/text.js';
import { useTexts, type Translate } from './i18n.js';
import type { Focus } from './inboxUi.js';
import { FOOTER_KEYS, type KeyHelp } from './keymap.js';

const SEPARATOR = ' · ';

function label(key: KeyHelp, t: Translate): string {
  return `${key.keys} ${t(`tui.keys.${key.action}`)}`;
}

/** The keys that fit whole in `width` cells, in order. */
export function keysThatFit(keys: KeyHelp[], width: number, t: Translate): KeyHelp[] {
  const shown: KeyHelp[] = [];
  let used = 0;
  for (const key of keys) {
    const cells = textWidth(label(key, t)) + (shown.length > 0 ? SEPARATOR.length : 0);
    if (used + cells > width) break;
    shown.push(key);
    used += cells;
  }
  return shown;
}

function KeyList({ keys }: { keys: KeyHelp[] }) {
  const { t } = useTexts();
  return (
    <Text wrap="truncate">
      {keys.map((key, index) => (
        <Fragment key={key.keys}>
          {index > 0 ? <Text dimColor>{SEPARATOR}</Text> : null}
          <Text bold color="cyan">
            {key.keys}
          </Text>
          <Text dimColor>{` ${t(`tui.keys.${key.action}`)}`}</Text>
        </Fragment>
      ))}
    </Text>
  );
}

export function Footer({ focus, width }: { focus: Focus; width: number }) {
  const { t } = useTexts();
  const { keys, pinned } = FOOTER_KEYS[focus];
  const pinnedWidth = keysThatFit(pinned, width, t).reduce((sum, key, index) => sum + textWidth(label(key, t)) + (index > 0 ? SEPARATOR.length : 0), 0);
  const room = width - pinnedWidth - SEPARATOR.length;
  return (
    <Box width={width} justifyContent="space-between">
      <KeyList keys={keysThatFit(keys, room, t)} />
      <KeyList keys={keysThatFit(pinned, width, t)} />
    </Box>
  );
}
