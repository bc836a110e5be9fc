/**
 * The signed-in session of a terminal program, kept in a file of the user's config dir with mode
 * 0600: `session.json` for `atende`, `inbox-session.json` for `atende-inbox` (each its own
 * session, see SESSION_CLIENTS). The file is read again on every get(): a token refreshed (and so
 * rotated) by another run of the same program is picked up.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Session, SessionStore } from '../client/session.js';

export interface SavedSession extends Session {
  /** Server origin the session belongs to, e.g. `http://127.0.0.1:8080`. */
  server: string;
}

/** `$ATENDE_CONFIG_DIR`, else `$XDG_CONFIG_HOME/atende`, else `~/.config/atende`. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.ATENDE_CONFIG_DIR || join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'atende');
}

/** The CLI's session: `session.json` in the config dir. */
export function sessionFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'session.json');
}

/** The saved session, or null when there is none or the file is not one of ours. */
export function readSavedSession(path = sessionFilePath()): SavedSession | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const value = JSON.parse(text) as Partial<SavedSession>;
    return typeof value.server === 'string' && typeof value.token === 'string' && value.user ? (value as SavedSession) : null;
  } catch {
    return null;
  }
}

/** Writes a JSON file readable by its owner only, aside then renamed: no program reads half a file. */
export function writePrivateJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** Writes the session readable by its owner only (the file holds a refresh token). */
export function writeSavedSession(session: SavedSession, path = sessionFilePath()): void {
  writePrivateJson(path, session);
}

export function removeSavedSession(path = sessionFilePath()): void {
  rmSync(path, { force: true });
}

/**
 * A SessionStore for the API client backed by the session file of `server`: a refreshed token is
 * written back, an ended session removes the file.
 */
export function fileSession(server: string, path = sessionFilePath()): SessionStore {
  return {
    get: () => {
      const saved = readSavedSession(path);
      if (!saved || saved.server !== server) return null;
      const { server: _server, ...session } = saved;
      return session;
    },
    set: (session) => {
      if (session) writeSavedSession({ server, ...session }, path);
      else if (readSavedSession(path)?.server === server) removeSavedSession(path);
    },
  };
}
