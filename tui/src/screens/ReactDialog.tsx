/**
 * Reacting to a message (issue 23): WhatsApp's common emoji, or any emoji typed (or pasted); the
 * company's current reaction is ticked, and choosing it again takes it back.
 */
import { isEmoji, ownReaction, QUICK_REACTIONS, type Message } from '@atende/shared';
import { useReducer, useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { editorActionFor, editorReducer, emptyEditor } from '../state/editor.js';
import { useKeys } from '../ui/keys.js';
import { PickList } from '../ui/PickList.js';
import { TextField } from '../ui/TextField.js';
import { clamp } from '../ui/window.js';
import { Dialog, dialogListRows } from './Dialog.js';

export interface ReactDialogProps {
  message: Message;
  /** One line saying what the message is. */
  preview: string;
  width: number;
  height: number;
  /** The reaction to set; '' takes the current one back. */
  onPick(emoji: string): void;
  onCancel(): void;
  onNotice(text: string): void;
}

export function ReactDialog({ message, preview, width, height, onPick, onCancel, onNotice }: ReactDialogProps) {
  const { t } = useTexts();
  const current = ownReaction(message)?.emoji ?? '';
  // A current reaction from outside the common ones is listed too, so that it can be taken back.
  const choices: string[] = current && !(QUICK_REACTIONS as readonly string[]).includes(current) ? [current, ...QUICK_REACTIONS] : [...QUICK_REACTIONS];
  const [cursor, setCursor] = useState(0);
  const [other, edit] = useReducer(editorReducer, emptyEditor);
  const at = clamp(cursor, choices.length);

  const choose = (emoji: string) => onPick(emoji === current ? '' : emoji);

  useKeys((input, key) => {
    if (key.upArrow || key.downArrow) setCursor(clamp(at + (key.upArrow ? -1 : 1), choices.length));
    else if (key.escape) onCancel();
    else if (key.return) {
      const typed = other.text.trim();
      if (!typed) choose(choices[at]!);
      else if (isEmoji(typed)) choose(typed);
      else onNotice(t('tui.messageActions.notEmoji', { text: typed }));
    } else {
      const action = editorActionFor(input, key, false);
      if (action) edit(action);
    }
  });

  const items = choices.map((emoji) => ({ id: emoji, label: emoji, checked: emoji === current }));
  return (
    <Dialog title={t('tui.messageActions.reactTitle', { text: preview })} hint={t('tui.messageActions.reactHint')} width={width} height={height}>
      <PickList items={items} cursor={at} height={dialogListRows(height, 1)} empty="" />
      <TextField label={t('tui.messageActions.otherEmoji')} state={other} focused />
    </Dialog>
  );
}
