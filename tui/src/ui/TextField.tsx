/** A text field: its content with the cursor shown as an inverted cell, optionally masked. */
import { Text } from 'ink';
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
  const shown = mask ? mask.repeat([...state.text].length) : state.text;
  const cursor = mask ? [...state.text.slice(0, state.cursor)].length * mask.length : state.cursor;
  const beforeCursor = shown.slice(0, cursor);
  const atCursor = shown.slice(cursor, cursor + 1);
  const afterCursor = shown.slice(cursor + 1);
  return (
    <Text wrap="truncate-start">
      {label ? <Text bold={focused}>{label} </Text> : null}
      {!state.text && placeholder && !focused ? <Text dimColor>{placeholder}</Text> : null}
      {beforeCursor}
      {focused ? <Text inverse>{atCursor && atCursor !== '\n' ? atCursor : ' '}</Text> : atCursor}
      {afterCursor}
    </Text>
  );
}
