/** A one-line text field: its content with the cursor shown as an inverted cell, optionally masked. */
import { Text } from 'ink';
import { cellsOf } from '../format/cells.js';
import type { EditorState } from '../state/editor.js';

export interface TextFieldProps {
  label?: string;
  state: EditorState;
  focused: boolean;
  /** Shown instead of each character (passwords). */
  mask?: string;
  placeholder?: string;
}

export function TextField({ label, state, focused, mask, placeholder }: TextFieldProps) {
  const cells = cellsOf(state.text).map((cell) => ({ ...cell, text: mask ? mask : cell.text === '\n' ? ' ' : cell.text }));
  const join = (part: typeof cells) => part.map((cell) => cell.text).join('');
  const at = cells.findIndex((cell) => cell.start >= state.cursor);
  const split = at === -1 ? cells.length : at;
  const under = cells[split];
  return (
    <Text wrap="truncate-start">
      {label ? <Text bold={focused}>{label} </Text> : null}
      {!state.text && placeholder && !focused ? <Text dimColor>{placeholder}</Text> : null}
      {join(cells.slice(0, split))}
      {focused ? <Text inverse>{under?.text || ' '}</Text> : (under?.text ?? '')}
      {join(cells.slice(split + 1))}
    </Text>
  );
}
