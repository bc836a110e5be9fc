/**
 * The inbox's outbox: what agents send from the composer, delivered one at a time per ticket in
 * the order it was sent. The composer hands a message over and is free at once, so typing the
 * next one never waits for, merges with or wipes the previous one. A failed send holds the
 * ticket's line (later messages wait, still in order) until it is retried or taken back into the
 * composer. It lives outside React, so switching tickets neither drops nor repeats a send.
 */
import type { Message } from '@atende/shared';

export interface Draft {
  body: string;
  files: File[];
  /** The message it replies to. */
  quotedMsgId?: string | null;
  /** signOption: sent with the agent's name. */
  sign?: boolean;
}

export type OutboxState = 'waiting' | 'sending' | 'failed';

export interface OutboxItem extends Draft {
  key: number;
  ticketId: string;
  state: OutboxState;
  createdAt: string;
}

export interface Outbox {
  enqueue(ticketId: string, draft: Draft): void;
  /** Sends a failed message again, then the ones that waited behind it. */
  retry(key: number): void;
  /** Removes a failed message from the line and gives it back (to the composer). */
  takeBack(key: number): Draft | null;
  /** The ticket's messages not sent yet, in order. */
  items(ticketId: string): OutboxItem[];
  /** The ticket's messages as the server stored them, in the order they were sent. */
  delivered(ticketId: string): Message[];
  subscribe(listener: () => void): () => void;
}

interface Line {
  items: OutboxItem[];
  delivered: Message[];
}

const EMPTY: Line = { items: [], delivered: [] };

export function createOutbox(deliver: (ticketId: string, draft: Draft) => Promise<Message[]>, onFailure: (error: unknown) => void): Outbox {
  const lines = new Map<string, Line>();
  const listeners = new Set<() => void>();
  let nextKey = 1;

  const line = (ticketId: string) => lines.get(ticketId) ?? EMPTY;
  // Each change gives the line new arrays, so React sees it as a new snapshot.
  const change = (ticketId: string, update: (current: Line) => Line) => {
    lines.set(ticketId, update(line(ticketId)));
    for (const listener of listeners) listener();
  };
  const setState = (ticketId: string, key: number, state: OutboxState) =>
    change(ticketId, (current) => ({ ...current, items: current.items.map((item) => (item.key === key ? { ...item, state } : item)) }));

  /** Starts the head of the ticket's line when it is waiting; one send at a time per ticket. */
  function pump(ticketId: string): void {
    const head = line(ticketId).items[0];
    if (!head || head.state !== 'waiting') return;
    setState(ticketId, head.key, 'sending');
    deliver(ticketId, { body: head.body, files: head.files, quotedMsgId: head.quotedMsgId ?? null, sign: head.sign ?? false }).then(
      (messages) => {
        change(ticketId, (current) => ({ items: current.items.filter((item) => item.key !== head.key), delivered: [...current.delivered, ...messages] }));
        pump(ticketId);
      },
      (error: unknown) => {
        setState(ticketId, head.key, 'failed');
        onFailure(error);
      },
    );
  }

  const find = (key: number) => [...lines.values()].flatMap((current) => current.items).find((item) => item.key === key);

  return {
    enqueue(ticketId, draft) {
      const item: OutboxItem = { ...draft, key: nextKey++, ticketId, state: 'waiting', createdAt: new Date().toISOString() };
      change(ticketId, (current) => ({ ...current, items: [...current.items, item] }));
      pump(ticketId);
    },
    retry(key) {
      const item = find(key);
      if (item?.state !== 'failed') return;
      setState(item.ticketId, key, 'waiting');
      pump(item.ticketId);
    },
    takeBack(key) {
      const item = find(key);
      if (item?.state !== 'failed') return null;
      change(item.ticketId, (current) => ({ ...current, items: current.items.filter((other) => other.key !== key) }));
      pump(item.ticketId);
      return { body: item.body, files: item.files };
    },
    items: (ticketId) => line(ticketId).items,
    delivered: (ticketId) => line(ticketId).delivered,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
