/** The editor's toasts last 3 seconds (document 3 section 8); the interval rule they report. */
import { useCallback, useMemo } from 'react';
import { FLOW_INTERVAL_MAX_S, FLOW_INTERVAL_MIN_S } from '@atende/shared';
import { useErrorText, useToast, type Toaster, type ToastKind } from '../../ui/toast.js';
import { EDITOR_TOAST_MS } from './graph.js';

export function useEditorToast(): Toaster {
  const toast = useToast();
  return useMemo(() => {
    const kinds: ToastKind[] = ['success', 'error', 'info', 'warning'];
    return Object.fromEntries(kinds.map((kind) => [kind, (text: string) => toast[kind](text, EDITOR_TOAST_MS)])) as Toaster;
  }, [toast]);
}

/** A failure (the catalogue text of its ERR_ code) in an editor toast. */
export function useEditorErrorToast(): (error: unknown) => void {
  const toast = useEditorToast();
  const errorText = useErrorText();
  return useCallback((error: unknown) => toast.error(errorText(error)), [toast, errorText]);
}

/** The text key of what is wrong with an interval typed in seconds, or null (1 to 120). */
export function intervalProblem(typed: string): string | null {
  if (typed.trim() === '') return 'web.flowEditor.interval.missing';
  const seconds = Number(typed);
  if (!Number.isInteger(seconds) || seconds < FLOW_INTERVAL_MIN_S || seconds > FLOW_INTERVAL_MAX_S) return 'web.flowEditor.interval.invalid';
  return null;
}
