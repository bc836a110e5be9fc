/**
 * What the company does to a message already on the customer's phone (issue 23): react to it,
 * edit it, delete it for everyone. Each is a provider action queued in the ticket's outbound lane
 * behind the messages stored before it (channels/outbound.ts), retried like a send, and found
 * again by its outboxKey after a restart. It carries no content: it sends the message's state at
 * the time it runs (the company's reaction, the body), so later changes are never undone by an
 * earlier action that ran late.
 */
import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

export const MESSAGE_ACTION_KINDS = ['reaction', 'edit', 'delete'] as const;
export type MessageActionKind = (typeof MESSAGE_ACTION_KINDS)[number];

export interface MessageActionDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  ticketId: Types.ObjectId;
  messageId: Types.ObjectId;
  kind: MessageActionKind;
  /** The agent who asked for it. */
  userId: Types.ObjectId | null;
  /**
   * Its place in the ticket's lane: after the messages of seq below it (the ticket's message
   * count when it was asked), before the later ones; a restart resumes in that order.
   */
  lanePlace: number;
  /** OUTBOX_WAITING until done or given up. */
  outboxKey: string | null;
  attempts: number;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const MessageActionModel = tenantModel<MessageActionDoc>(
  'MessageAction',
  {
    ticketId: { type: ObjectId, ref: 'Ticket', required: true },
    messageId: { type: ObjectId, ref: 'Message', required: true },
    kind: { type: String, enum: MESSAGE_ACTION_KINDS, required: true },
    userId: { type: ObjectId, ref: 'User', default: null },
    lanePlace: { type: Number, required: true },
    outboxKey: { type: String, default: null },
    attempts: { type: Number, default: 0 },
    error: { type: String, default: null },
  },
  (schema) => {
    // Platform-wide (a start's recovery, across companies).
    schema.index({ outboxKey: 1 });
    schema.index({ companyId: 1, messageId: 1 });
    engineKeys(schema, ['outboxKey', 'messageId']);
  },
);
