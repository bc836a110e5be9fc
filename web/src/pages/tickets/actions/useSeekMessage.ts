/**
 * A click on a quote brings the original into view: it is scrolled to (older pages are loaded
 * until it is there) and flashes; when the conversation no longer holds it, a notice says so.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { Message } from '@atende/shared';

const HIGHLIGHT_MS = 3_300;

interface Paging {
  messages: Message[];
  loading: boolean;
  hasMore: boolean;
  loadOlder(): void;
  /** The view stops following the bottom (the list keeps its place while pages load). */
  release(): void;
  onMissing(): void;
}

export function useSeekMessage(thread: RefObject<HTMLElement | null>, paging: Paging): { seek(messageId: string): void; highlighted: string | null } {
  const [seeking, setSeeking] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const { messages, loading, hasMore, loadOlder, release, onMissing } = paging;

  useEffect(() => {
    if (!seeking) return;
    const element = thread.current?.querySelector<HTMLElement>(`[data-message="${seeking}"]`);
    if (element) {
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
      setHighlighted(seeking);
      setSeeking(null);
    } else if (!loading && hasMore) loadOlder();
    else if (!loading) {
      setSeeking(null);
      onMissing();
    }
  }, [seeking, messages, loading, hasMore, loadOlder, onMissing, thread]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const seek = useCallback(
    (messageId: string) => {
      release();
      setHighlighted(null);
      setSeeking(messageId);
    },
    [release],
  );
  return { seek, highlighted };
}
