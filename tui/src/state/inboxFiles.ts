/**
 * The inbox's files in the user's config dir (mode 0600): its own session, `inbox-session.json`
 * (a console session, not the CLI's: `atende` and the inbox never throw each other out), and the
 * composer's drafts, `inbox-drafts.json`. When the server ends the session the file keeps its
 * server and e-mail, so that the sign-in asks only for the password, now and at the next start;
 * the CLI's `session.json` is never touched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, fileSession, readSavedSession, writePrivateJson } from '@atende/shared/node';
import type { SessionStore } from '@atende/shared/client';

export function inboxSessionPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'inbox-session.json');
}

export function draftsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'inbox-drafts.json');
}

/** Where to sign in again: a server and the e-mail last used on it. */
export interface SignInHint {
  server: string;
  email: string;
}

/** The server and e-mail of a session file (the inbox's, kept or signed out, or the CLI's), if any. */
export function readSignInHint(path: string): SignInHint | null {
  const saved = readSavedSession(path);
  if (saved) return { server: saved.server, email: saved.user.email };
  try {
    const kept = JSON.parse(readFileSync(path, 'utf8')) as Partial<SignInHint>;
    return typeof kept.server === 'string' && typeof kept.email === 'string' ? { server: kept.server, email: kept.email } : null;
  } catch {
    return null;
  }
}

/** The inbox's session of `server` in its own file; an ended session leaves the server and e-mail. */
export function inboxSession(server: string, path: string): SessionStore {
  const file = fileSession(server, path);
  return {
    get: file.get,
    set: (session) => {
      if (session) {
        file.set(session);
        return;
      }
      const email = file.get()?.user.email;
      file.set(null);
      if (email) writePrivateJson(path, { server, email } satisfies SignInHint);
    },
  };
}
