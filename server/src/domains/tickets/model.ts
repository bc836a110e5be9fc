import type { Types } from 'mongoose';
import { TICKET_STATUSES, type TicketStatus } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';

export interface TicketDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  uuid: string;
  status: TicketStatus;
  contactId: Types.ObjectId;
  whatsappId: Types.ObjectId | null;
  userId: Types.ObjectId | null;
  queueId: Types.ObjectId | null;
  isGroup: boolean;
  /** The queue chatbot is walking this ticket through the options (document 2, queue options). */
  chatbot: boolean;
  /** Where the chatbot stands in the options tree (null: at the queue list / top level). */
  queueOptionId: Types.ObjectId | null;
  amountUsedBotQueues: number;
  lastMessage: string;
  unreadMessages: number;
  useIntegration: boolean;
  promptId: Types.ObjectId | null;
  integrationId: Types.ObjectId | null;
  /** Last message from the customer: drives expiry and queue auto-transfer jobs. */
  lastInteractionAt: Date | null;
  acceptedAt: Date | null;
  closedAt: Date | null;
  /** Waiting for the customer's 1..3 rating of this user after a resolve (setting userRating). */
  awaitingRating: boolean;
  /** Day and hour of creation ("YYYY-MM-DD", 0-23, UTC): reports group by them (no date operators on FerretDB). */
  createdDay: string;
  createdHour: number;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketModel = tenantModel<TicketDoc>(
  'Ticket',
  {
    uuid: { type: String, required: true, unique: true },
    status: { type: String, enum: TICKET_STATUSES, default: 'pending' },
    contactId: { type: ObjectId, ref: 'Contact', required: true },
    whatsappId: { type: ObjectId, ref: 'Whatsapp', default: null },
    userId: { type: ObjectId, ref: 'User', default: null },
    queueId: { type: ObjectId, ref: 'Queue', default: null },
    isGroup: { type: Boolean, default: false },
    chatbot: { type: Boolean, default: false },
    queueOptionId: { type: ObjectId, ref: 'QueueOption', default: null },
    amountUsedBotQueues: { type: Number, default: 0 },
    lastMessage: { type: String, default: '' },
    unreadMessages: { type: Number, default: 0 },
    useIntegration: { type: Boolean, default: false },
    promptId: { type: ObjectId, default: null },
    integrationId: { type: ObjectId, default: null },
    lastInteractionAt: { type: Date, default: null },
    acceptedAt: { type: Date, default: null },
    closedAt: { type: Date, default: null },
    awaitingRating: { type: Boolean, default: false },
    createdDay: { type: String, default: () => new Date().toISOString().slice(0, 10) },
    createdHour: { type: Number, default: () => new Date().getUTCHours() },
  },
  (schema) => {
    // The ticket list: company + status, newest activity first.
    schema.index({ companyId: 1, status: 1, updatedAt: -1 });
    schema.index({ companyId: 1, contactId: 1, whatsappId: 1, status: 1 });
    schema.index({ companyId: 1, queueId: 1, status: 1 });
    schema.index({ companyId: 1, userId: 1, status: 1 });
    // Dashboard periods.
    schema.index({ companyId: 1, closedAt: 1 });
    schema.index({ companyId: 1, acceptedAt: 1 });
    schema.index({ companyId: 1, createdDay: 1 });
  },
);
