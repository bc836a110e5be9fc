/**
 * "A ticket entered a queue" (the automation hand-over contract): the queue chatbot's menu choice,
 * an agent's transfer to a queue, the flow's ticket block and an integration's hand-over to a queue
 * all change the ticket's queue through the ticket writer (writer.ts), which tells this event when
 * a pending ticket gets a new queue. The runners that answer customers on behalf of the company
 * (queue integrations, AI prompts) listen, so that a queue with a bot answers the customer's last
 * message at once. Listeners run one after another in their rank's order (the contract's: an
 * integration, then a prompt) until one takes the ticket; they run after the write, never inside it.
 */
import type { Types } from 'mongoose';
import type { TicketDoc } from './model.js';

export interface QueueEntered {
  companyId: string;
  /** The ticket as written, in its new queue. */
  ticket: TicketDoc;
  previousQueueId: Types.ObjectId | null;
}

/** Answers true when it took the ticket (the next listeners are not asked). Must not throw. */
export type QueueEnteredListener = (event: QueueEntered) => Promise<boolean>;

/** Ranks of the contract's order. */
export const QUEUE_ENTERED_RANK = { integration: 2, prompt: 3 } as const;

/** By name: a second app in the same process (tests) replaces the first one's listener. */
const listeners = new Map<string, { rank: number; listener: QueueEnteredListener }>();

export function onQueueEntered(name: string, rank: number, listener: QueueEnteredListener): void {
  listeners.set(name, { rank, listener });
}

/** Removes that listener (a stopping app), unless another took its name since. */
export function offQueueEntered(name: string, listener: QueueEnteredListener): void {
  if (listeners.get(name)?.listener === listener) listeners.delete(name);
}

/** Whether a write moved a pending ticket into another queue. */
export function entersQueue(before: Pick<TicketDoc, 'queueId'>, after: Pick<TicketDoc, 'queueId' | 'status'>): boolean {
  return Boolean(after.queueId) && after.status === 'pending' && String(before.queueId ?? '') !== String(after.queueId);
}

/** Tells the listeners, in rank order, without holding the writer. */
export function announceQueueEntered(event: QueueEntered): void {
  const ranked = [...listeners.values()].sort((a, b) => a.rank - b.rank);
  void (async () => {
    for (const { listener } of ranked) {
      if (await listener(event).catch(() => false)) return;
    }
  })();
}
