/**
 * The composer editing one of the agent's sent texts (issue 23): it starts from the text without
 * its signature (the server keeps the signature), Enter saves, Esc gives up; what was being written
 * before comes back either way. A refusal (WhatsApp's 15 minutes are over) leaves the edit open.
 */
import { unsignedText, type Message } from '@atende/shared';
import { useLayoutEffect, useRef, useState, type Dispatch } from 'react';
import type { EditorAction, EditorState } from '../state/editor.js';

export interface ComposerEditOptions {
  editing: Message | null;
  editor: EditorState;
  edit: Dispatch<EditorAction>;
  /** Saves the new text; true when the server took it. */
  onSave(message: Message, body: string): Promise<boolean>;
  onEnd(): void;
}

export function useComposerEdit({ editing, editor, edit, onSave, onEnd }: ComposerEditOptions) {
  const draft = useRef('');
  const [saving, setSaving] = useState(false);

  // Before the keys that follow: they edit the message's text, not the draft.
  useLayoutEffect(() => {
    if (!editing) return;
    draft.current = editor.text;
    edit({ type: 'set', text: unsignedText(editing) });
    // Only a new message to edit swaps the texts.
  }, [editing?.id]);

  function end() {
    edit({ type: 'set', text: draft.current });
    draft.current = '';
    onEnd();
  }

  function save() {
    const body = editor.text.trim();
    if (!editing || !body || saving) return;
    setSaving(true);
    void onSave(editing, body).then((saved) => {
      setSaving(false);
      if (saved) end();
    });
  }

  return { active: editing !== null, save, end };
}
