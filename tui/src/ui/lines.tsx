/**
 * Pre-wrapped lines of styled segments (in the form every terminal draws as Ink measures it, see
 * format/cells.ts), and a box that shows the last ones that fit: the conversation stays anchored
 * at its newest line while older ones are clipped at the top.
 */
import { Box, Text, type DOMElement } from 'ink';
import type { Ref } from 'react';
import { terminalLine } from '../format/cells.js';

export interface Segment {
  text: string;
  color?: string;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  underline?: boolean;
}

export type Line = Segment[];

export function LineText({ line }: { line: Line }) {
  return (
    <Text wrap="truncate">
      {line.map((segment, index) => (
        <Text key={index} color={segment.color} bold={segment.bold} dimColor={segment.dim} inverse={segment.inverse} underline={segment.underline}>
          {terminalLine(segment.text)}
        </Text>
      ))}
    </Text>
  );
}

/** Fills the space left by its siblings (boxRef measures it); one row per line (never re-wrapped by Ink). */
export function BottomLines({ lines, boxRef }: { lines: Line[]; boxRef?: Ref<DOMElement> }) {
  return (
    <Box ref={boxRef} flexDirection="column" justifyContent="flex-end" overflow="hidden" flexGrow={1} flexBasis={0} minHeight={0}>
      {lines.map((line, index) => (
        <Box key={index} flexShrink={0} height={1}>
          <LineText line={line} />
        </Box>
      ))}
    </Box>
  );
}
