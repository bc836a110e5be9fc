/**
 * The signed-in session kept in localStorage (a SessionStore of the shared client), so a reload
 * or a new tab stays signed in. companyId and userId are also kept under the spec's own keys.
 * Other tabs signing in or out are followed through the storage event.
 */
import type { Session, SessionStore } from '@atende/shared/client';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.js';

export interface ObservableSession extends SessionStore {
  subscribe(listener: () => void): () => void;
}

function parse(text: string | null): Session | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Session>;
    return typeof value.token === 'string' && value.user && typeof value.user.id === 'string' ? (value as Session) : null;
  } catch {
    return null;
  }
}

export function localSession(): ObservableSession {
  let current = parse(readStorage(STORAGE_KEYS.session));
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.session && event.key !== null) return;
    current = parse(readStorage(STORAGE_KEYS.session));
    notify();
  });

  return {
    get: () => current,
    set(session) {
      current = session;
      writeStorage(STORAGE_KEYS.session, session ? JSON.stringify(session) : null);
      writeStorage(STORAGE_KEYS.companyId, session?.user.companyId ?? null);
      writeStorage(STORAGE_KEYS.userId, session?.user.id ?? null);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
