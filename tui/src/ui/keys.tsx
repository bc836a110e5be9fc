/**
 * Keys for the parts of the screen. One Ink input listener, at the root, hands each key to the
 * parts active when the key arrived, in the order they appeared. Parts join and update in the
 * commit that shows them (a layout effect), not later as Ink's own useInput does: a key typed
 * right after another (fast typing, a paste, a dialog just opened) reaches the screen it sees.
 * A part that becomes active while a key is handled (Enter opens the conversation) waits for the
 * next key.
 */
import { useInput, type Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';

export type KeyHandler = (input: string, key: Key) => void;

interface Part {
  handler: KeyHandler;
  active: boolean;
}

const PartsContext = createContext<Set<Part> | null>(null);

export function KeysProvider({ children }: { children: ReactNode }) {
  const parts = useRef(new Set<Part>()).current;
  useInput((input, key) => {
    for (const part of [...parts].filter((candidate) => candidate.active)) part.handler(input, key);
  });
  return <PartsContext.Provider value={parts}>{children}</PartsContext.Provider>;
}

export function useKeys(handler: KeyHandler, options: { isActive?: boolean } = {}): void {
  const parts = useContext(PartsContext);
  if (!parts) throw new Error('useKeys outside KeysProvider');
  const part = useRef<Part>({ handler, active: false }).current;
  const isActive = options.isActive ?? true;
  useLayoutEffect(() => {
    part.handler = handler;
    part.active = isActive;
  });
  useLayoutEffect(() => {
    parts.add(part);
    return () => {
      parts.delete(part);
    };
  }, [parts, part]);
}
