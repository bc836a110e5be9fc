/**
 * What the agent was writing to each ticket and did not send: kept while they look at another
 * conversation and, with a file, across restarts. The file holds the drafts of every server and
 * user of this machine's account, each under its own key, so a sign-in as someone else never sees
 * them. Writes wait for a pause in the typing and are flushed when the inbox closes.
 */
import { readFileSync } from 'node:fs';
import { writePrivateJson } from '@atende/shared/node';

const WRITE_DELAY_MS = 250;

type DraftFile = Record<string, Record<string, string>>;

export interface DraftStore {
  /** The ticket's draft ('' when none). */
  get(ticketId: string): string;
  /** Keeps the ticket's draft; blank text drops it. */
  set(ticketId: string, text: string): void;
  /** Tickets with a draft, and their text. */
  all(): ReadonlyMap<string, string>;
  subscribe(listener: () => void): () => void;
  /** Writes what is pending now (the inbox is closing). */
  flush(): void;
}

function readDraftFile(path: string): DraftFile {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as DraftFile) : {};
  } catch {
    return {};
  }
}

/** The drafts of `owner` (server and user), in `path` when given, else in memory only. */
export function createDraftStore(owner: { server: string; userId: string }, path?: string): DraftStore {
  const key = `${owner.server} ${owner.userId}`;
  const saved = path ? (readDraftFile(path)[key] ?? {}) : {};
  let drafts: ReadonlyMap<string, string> = new Map(Object.entries(saved).filter(([, text]) => typeof text === 'string' && text.trim()));
  const listeners = new Set<() => void>();
  let timer: NodeJS.Timeout | undefined;

  function write(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!path) return;
    // Read again: another user's or server's drafts in the file stay as they are.
    const file = readDraftFile(path);
    if (drafts.size > 0) file[key] = Object.fromEntries(drafts);
    else delete file[key];
    writePrivateJson(path, file);
  }

  return {
    get: (ticketId) => drafts.get(ticketId) ?? '',
    set(ticketId, text) {
      const kept = text.trim() ? text : '';
      if ((drafts.get(ticketId) ?? '') === kept) return;
      const next = new Map(drafts);
      if (kept) next.set(ticketId, kept);
      else next.delete(ticketId);
      drafts = next;
      for (const listener of listeners) listener();
      clearTimeout(timer);
      timer = setTimeout(write, WRITE_DELAY_MS);
    },
    all: () => drafts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush() {
      if (timer) write();
    },
  };
}
