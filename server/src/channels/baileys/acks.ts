/**
 * Delivery progress of our messages as document 1 counts it: 1 sent (the server has it),
 * 2 delivered, 3 read, 4 played (voice notes, videos). From a message's status
 * (messages.update) or a recipient's receipt (message-receipt.update, one per group member).
 */
import type { proto } from '@whiskeysockets/baileys';
import { baileys } from './library.js';

/** The ack of a status; null for statuses that say nothing new (pending, error). */
export function ackOfStatus(status: proto.WebMessageInfo.Status | null | undefined): number | null {
  const { Status } = baileys().proto.WebMessageInfo;
  const acks: Partial<Record<proto.WebMessageInfo.Status, number>> = { [Status.SERVER_ACK]: 1, [Status.DELIVERY_ACK]: 2, [Status.READ]: 3, [Status.PLAYED]: 4 };
  return status === null || status === undefined ? null : (acks[status] ?? null);
}

/** The ack a recipient's receipt shows. */
export function ackOfReceipt(receipt: proto.IUserReceipt): number | null {
  if (receipt.playedTimestamp) return 4;
  if (receipt.readTimestamp) return 3;
  if (receipt.receiptTimestamp) return 2;
  return null;
}
