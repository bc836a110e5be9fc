/** A list to pick from: a cursor, optional check marks, and a window that follows the cursor. */
import { Box, Text } from 'ink';
import { terminalLine } from '../format/cells.js';
import { windowStart } from './window.js';

export interface PickItem {
  id: string;
  label: string;
  color?: string;
  checked?: boolean;
}

export function PickList({ items, cursor, height, empty }: { items: PickItem[]; cursor: number; height: number; empty: string }) {
  if (items.length === 0) return <Text dimColor>{empty}</Text>;
  const start = windowStart(cursor, items.length, height);
  return (
    <Box flexDirection="column">
      {items.slice(start, start + height).map((item, index) => {
        const current = start + index === cursor;
        return (
          <Text key={item.id} wrap="truncate" inverse={current}>
            {current ? '› ' : '  '}
            {item.checked === undefined ? '' : item.checked ? '[x] ' : '[ ] '}
            <Text color={item.color}>{terminalLine(item.label)}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
