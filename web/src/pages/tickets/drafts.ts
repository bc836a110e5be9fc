/**
 * What an agent typed and did not send, per ticket and per user, kept in the browser's storage:
 * it is there again after switching conversations or reloading, and the ticket list marks the
 * tickets that have one. Sending clears it; leaving the account clears it with the rest of the
 * account's storage (storage.ts).
 */
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../app/storage.js';

const PREFIX = 'draft:';
const listeners = new Set<() => void>();

function keyOf(userId: string, ticketId: string): string {
  return `${PREFIX}${userId}:${ticketId}`;
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function readDraft(userId: string, ticketId: string): string {
  return readStorage(keyOf(userId, ticketId)) ?? '';
}

/** Keeps the text as the ticket's draft; blank text removes it. */
export function writeDraft(userId: string, ticketId: string, text: string): void {
  const value = text.trim() ? text : null;
  if (readStorage(keyOf(userId, ticketId)) === value) return;
  writeStorage(keyOf(userId, ticketId), value);
  changed();
}

/** Drafts written here or in another tab of this browser. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

export function useHasDraft(userId: string, ticketId: string): boolean {
  return useSyncExternalStore(subscribe, () => readDraft(userId, ticketId) !== '');
}
