/**
 * What the agent sends from the composer, delivered one at a time per ticket in the order it was
 * written. The composer hands a message over and is free at once: keys typed during a send are
 * the next message's, never lost. A failed send holds its ticket's line (later messages wait, in
 * order) until it is retried or taken back into the composer. It lives outside React and above
 * the conversation, so leaving or switching tickets neither drops nor repeats a send.
 */
import type { Message } from '@atende/shared';
import type { Attachment } from './media.js';

export interface Draft {
  body: string;
  attachment: Attachment | null;
  quote: Message | null;
  /** signOption: the agent's name goes in bold before the text. */
  sign: boolean;
}

export type OutboxState = 'waiting' | 'sending' | 'failed';

export interface OutboxItem extends Draft {
  key: number;
  ticketId: string;
  state: OutboxState;
}

export interface OutboxStore {
  enqueue(ticketId: string, draft: Draft): void;
  /** Sends the ticket's failed message again, then those that waited behind it. */
  retry(ticketId: string): void;
  /** Removes the ticket's failed message from its line and gives it back (to the composer). */
  takeBack(ticketId: string): Draft | null;
  /** The ticket's messages not sent yet, in order. */
  items(ticketId: string): OutboxItem[];
  /** How many messages of every ticket are not sent yet. */
  unsent(): number;
  subscribe(listener: () => void): () => void;
}

const NONE: OutboxItem[] = [];

export function createOutbox(deliver: (ticketId: string, draft: Draft) => Promise<unknown>, onFailure: (error: unknown) => void): OutboxStore {
  const lines = new Map<string, OutboxItem[]>();
  const listeners = new Set<() => void>();
  let nextKey = 1;

  const line = (ticketId: string) => lines.get(ticketId) ?? NONE;
  // Each change gives the line a new array, so React sees a new snapshot.
  const change = (ticketId: string, update: (items: OutboxItem[]) => OutboxItem[]) => {
    lines.set(ticketId, update(line(ticketId)));
    for (const listener of listeners) listener();
  };
  const setState = (ticketId: string, key: number, state: OutboxState) => change(ticketId, (items) => items.map((item) => (item.key === key ? { ...item, state } : item)));
  const failed = (ticketId: string) => line(ticketId).find((item) => item.state === 'failed');

  /** Starts the head of the ticket's line when it is waiting. */
  function pump(ticketId: string): void {
    const head = line(ticketId)[0];
    if (!head || head.state !== 'waiting') return;
    setState(ticketId, head.key, 'sending');
    deliver(ticketId, head).then(
      () => {
        change(ticketId, (items) => items.filter((item) => item.key !== head.key));
        pump(ticketId);
      },
      (error: unknown) => {
        setState(ticketId, head.key, 'failed');
        onFailure(error);
      },
    );
  }

  return {
    enqueue(ticketId, draft) {
      change(ticketId, (items) => [...items, { ...draft, key: nextKey++, ticketId, state: 'waiting' }]);
      pump(ticketId);
    },
    retry(ticketId) {
      const item = failed(ticketId);
      if (!item) return;
      setState(ticketId, item.key, 'waiting');
      pump(ticketId);
    },
    takeBack(ticketId) {
      const item = failed(ticketId);
      if (!item) return null;
      change(ticketId, (items) => items.filter((other) => other.key !== item.key));
      pump(ticketId);
      return { body: item.body, attachment: item.attachment, quote: item.quote, sign: item.sign };
    },
    items: line,
    unsent: () => [...lines.values()].reduce((count, items) => count + items.length, 0),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
