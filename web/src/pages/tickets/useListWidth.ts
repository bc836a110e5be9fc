/**
 * The width of the ticket list beside the conversation: wide enough by default for names, queue
 * chips and every tab (420 px, or less when the page is narrow), resized by the agent (dragging
 * the divider, or its arrow keys) and remembered in this browser.
 */
import { useCallback, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../app/storage.js';

const KEY = 'ticketListWidth';
export const LIST_MIN_WIDTH = 300;
const LIST_DEFAULT_WIDTH = 420;
/** The conversation keeps at least this share of the page. */
const LIST_MAX_SHARE = 0.6;

/** The width shown: the chosen one (else the default), within the bounds the page allows. */
export function listWidth(chosen: number | null, available: number): number {
  const max = Math.max(LIST_MIN_WIDTH, Math.floor(available * LIST_MAX_SHARE));
  const wanted = chosen ?? Math.min(LIST_DEFAULT_WIDTH, Math.floor(available * 0.45));
  return Math.round(Math.min(max, Math.max(LIST_MIN_WIDTH, wanted)));
}

function stored(): number | null {
  const value = Number(readStorage(KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** `frame`: the element the list and the conversation share (null while it is not shown). */
export function useListWidth(frame: HTMLElement | null) {
  const [chosen, setChosen] = useState<number | null>(stored);
  const [available, setAvailable] = useState(() => frame?.clientWidth ?? window.innerWidth);
  useEffect(() => {
    if (!frame) return;
    setAvailable(frame.clientWidth);
    const observer = new ResizeObserver(() => setAvailable(frame.clientWidth));
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame]);
  const width = listWidth(chosen, available);
  const choose = useCallback(
    (next: number) => {
      const bounded = listWidth(next, available);
      setChosen(bounded);
      writeStorage(KEY, String(bounded));
    },
    [available],
  );
  return { width, min: LIST_MIN_WIDTH, max: listWidth(Number.MAX_SAFE_INTEGER, available), choose };
}
