/** Where the signed-in session lives: memory here; the web keeps it in localStorage, the TUI in a file. */
import type { User } from '../domain/entities.js';

export interface Session {
  token: string;
  /**
   * The `jrt` refresh cookie, kept only where there is no cookie jar (Node). Browsers never
   * see it: the httpOnly cookie travels by itself.
   */
  refreshToken?: string;
  user: User;
}

export interface SessionStore {
  get(): Session | null;
  set(session: Session | null): void;
}

export function memorySession(initial: Session | null = null): SessionStore {
  let current = initial;
  return {
    get: () => current,
    set: (session) => {
      current = session;
    },
  };
}
