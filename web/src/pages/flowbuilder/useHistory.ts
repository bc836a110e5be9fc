/**
 * Undo and redo of the editor's last edits (issue 30): the drawing as it was before each edit
 * (a block added, edited, moved, duplicated or removed, a connection made or removed) is kept, the
 * last HISTORY_MAX of them. Ctrl+Z (Cmd+Z) undoes, Ctrl+Shift+Z or Ctrl+Y redoes, outside text
 * fields and dialogs, where the keys keep their own meaning.
 */
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { Edge } from '@xyflow/react';
import type { EditorNode } from './graph.js';

export const HISTORY_MAX = 50;

export interface Drawing {
  nodes: EditorNode[];
  edges: Edge[];
}

export interface EditorHistory {
  /** Call before an edit: the drawing as it is now becomes the one Undo brings back. */
  record(): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
  /** Forgets every step (another flow loaded). */
  reset(): void;
}

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'));
}

export function useHistory(current: () => Drawing, restore: (drawing: Drawing) => void, enabled: boolean): EditorHistory {
  const past = useRef<Drawing[]>([]);
  const future = useRef<Drawing[]>([]);
  const [sizes, setSizes] = useState({ past: 0, future: 0 });
  const sync = () => setSizes({ past: past.current.length, future: future.current.length });
  /** One edit may arrive as several changes in one turn (a block deleted with its connections): one step. */
  const recorded = useRef(false);

  const record = useCallback(() => {
    if (recorded.current) return;
    recorded.current = true;
    setTimeout(() => (recorded.current = false), 0);
    past.current = [...past.current.slice(1 - HISTORY_MAX), current()];
    future.current = [];
    sync();
  }, [current]);

  const step = useCallback(
    (from: MutableRefObject<Drawing[]>, to: MutableRefObject<Drawing[]>) => {
      const drawing = from.current.at(-1);
      if (!drawing) return;
      from.current = from.current.slice(0, -1);
      to.current = [...to.current, current()];
      restore(drawing);
      sync();
    },
    [current, restore],
  );
  const undo = useCallback(() => step(past, future), [step]);
  const redo = useCallback(() => step(future, past), [step]);
  const reset = useCallback(() => {
    past.current = [];
    future.current = [];
    sync();
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || typing(event.target) || document.querySelector('[role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, undo, redo]);

  return { record, undo, redo, reset, canUndo: sizes.past > 0, canRedo: sizes.future > 0 };
}
