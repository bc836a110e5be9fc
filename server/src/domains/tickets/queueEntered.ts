/**
 * "A ticket entered queue X" (the automation hand-over contract): the chatbot's menu choice, an
 * agent's transfer, the flow's ticket block, an automation's transfer or the queue auto-transfer
 * all change the queue through the ticket writer, which tells the listeners here once the write is
 * stored. A ticket enters a queue when it lands in another, non-empty one and waits there (pending,
 * no agent): then the queue's automation may answer the customer's last message at once.
 * Listeners are called after the write, outside its serialisation, and must not throw.
 */
import type { TicketDoc } from './model.js';

export type QueueEnteredListener = (ticket: TicketDoc) => void;

const listeners = new Set<QueueEnteredListener>();

/** Subscribes; answers the unsubscribe (an app that stops leaves no listener behind). */
export function onQueueEntered(listener: QueueEnteredListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function enteredQueue(before: Pick<TicketDoc, 'queueId'>, after: Pick<TicketDoc, 'queueId' | 'status' | 'userId'>): boolean {
  return Boolean(after.queueId) && String(after.queueId) !== String(before.queueId ?? null) && after.status === 'pending' && !after.userId;
}

export function announceQueueEntered(ticket: TicketDoc): void {
  for (const listener of listeners) listener(ticket);
}
