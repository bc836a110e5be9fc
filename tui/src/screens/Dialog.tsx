/** The frame of a dialog: title, content, the keys it takes. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { terminalLine } from '../format/cells.js';

export function Dialog({ title, hint, width, height, children }: { title: string; hint: string; width: number; height: number; children: ReactNode }) {
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="double" borderColor="cyan" paddingX={1} overflow="hidden">
      <Text bold color="cyan" wrap="truncate">
        {terminalLine(title)}
      </Text>
      <Box flexDirection="column" flexGrow={1}>
        {children}
      </Box>
      <Text dimColor wrap="truncate">
        {hint}
      </Text>
    </Box>
  );
}

/** Rows a dialog's list may take: the frame, title and hint take the rest. */
export function dialogListRows(height: number, extra = 0): number {
  return Math.max(1, height - 4 - extra);
}
