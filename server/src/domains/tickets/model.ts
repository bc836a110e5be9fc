import { Schema, type Types } from 'mongoose';
import { TICKET_STATUSES, type TicketAiError, type TicketFlowEnd, type TicketFlowRun, type TicketIntegrationRun, type TicketStatus } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';
import { registerDuplicateCode } from '../../platform/errors.js';

/** The contact as the lists show it, copied on the ticket (lists join nothing) and kept current. */
export interface TicketContactCopy {
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
}

export function contactCopyOf(contact: Pick<TicketContactCopy, 'name' | 'number' | 'isGroup'> & { email?: string | null; profilePicUrl?: string | null }): TicketContactCopy {
  return { name: contact.name, number: contact.number, email: contact.email ?? '', profilePicUrl: contact.profilePicUrl ?? '', isGroup: Boolean(contact.isGroup) };
}

export interface TicketPositionDoc {
  status: TicketStatus;
  userId: Types.ObjectId | null;
  queueId: Types.ObjectId | null;
}

export interface TicketDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  uuid: string;
  status: TicketStatus;
  contactId: Types.ObjectId;
  contact: TicketContactCopy;
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
  /** The customer's latest message (lastMessage may be the bot's or ours): pending lists preview it. */
  lastCustomerMessage: string;
  unreadMessages: number;
  useIntegration: boolean;
  promptId: Types.ObjectId | null;
  integrationId: Types.ObjectId | null;
  /** The flow running in the conversation (automation/flows keeps it current), null when none runs. */
  flowRun: TicketFlowRun | null;
  /** Why the last flow stopped when it failed or looped, until another starts or the ticket closes. */
  flowEnd: TicketFlowEnd | null;
  /** The queue integration answering the customer or that handed over (automation/integrations keeps it), null when none. */
  integrationRun: TicketIntegrationRun | null;
  /** An automation handed the customer to the agents: none answers again until the ticket is closed. */
  handedOver: boolean;
  /** The AI assistant's last failure here (automation/ai), null after its next answer. */
  aiError: TicketAiError | null;
  /** Last message from the customer: drives expiry and queue auto-transfer jobs. */
  lastInteractionAt: Date | null;
  acceptedAt: Date | null;
  closedAt: Date | null;
  /** Waiting for the customer's 1..3 rating of this user after a resolve (setting userRating). */
  awaitingRating: boolean;
  /** Since when the customer waits for an agent: set by the writer when the ticket enters pending, null otherwise. */
  waitingSince: Date | null;
  /** The time zone the dashboard's day counters hold this ticket in (dayCounts.ts; absent: UTC). */
  dayZone?: string;
  /** Day and hour of creation ("YYYY-MM-DD", 0-23, UTC): reports group by them (no date operators on FerretDB). */
  createdDay: string;
  createdHour: number;
  /** Tag ids, copied from the ticket-tag links (lists and the tags filter read them here). */
  tagIds: Types.ObjectId[];
  /** Messages stored so far: the next message's place in the conversation (messages' seq). */
  messageCount: number;
  /**
   * The minute a reply last took its place here, before it was stored (messages/service.ts: the
   * ticket first): a start after a crash checks those tickets' last message (messages/reconcile.ts).
   */
  replyPlacedIn: string | null;
  /** Written by writer.ts only, derived from the fields above (see lanes.ts and writer.ts). */
  listKeys: string[];
  activeKey: string;
  ratingKey: string | null;
  unreadKey: string | null;
  /**
   * Status, queue and user before the write that changed them (null after a write that did not):
   * viewers who saw the ticket there and may no longer see it are told to drop it.
   */
  previousPosition: TicketPositionDoc | null;
  /** Bumped by every write: a write based on an older copy is refused and redone. */
  rev: number;
  createdAt: Date;
  updatedAt: Date;
}

export const TicketModel = tenantModel<TicketDoc>(
  'Ticket',
  {
    uuid: { type: String, required: true, unique: true },
    status: { type: String, enum: TICKET_STATUSES, default: 'pending' },
    contactId: { type: ObjectId, ref: 'Contact', required: true },
    contact: {
      name: { type: String, default: '' },
      number: { type: String, default: '' },
      email: { type: String, default: '' },
      profilePicUrl: { type: String, default: '' },
      isGroup: { type: Boolean, default: false },
    },
    whatsappId: { type: ObjectId, ref: 'Whatsapp', default: null },
    userId: { type: ObjectId, ref: 'User', default: null },
    queueId: { type: ObjectId, ref: 'Queue', default: null },
    isGroup: { type: Boolean, default: false },
    chatbot: { type: Boolean, default: false },
    queueOptionId: { type: ObjectId, ref: 'QueueOption', default: null },
    amountUsedBotQueues: { type: Number, default: 0 },
    lastMessage: { type: String, default: '' },
    lastCustomerMessage: { type: String, default: '' },
    unreadMessages: { type: Number, default: 0 },
    useIntegration: { type: Boolean, default: false },
    promptId: { type: ObjectId, default: null },
    integrationId: { type: ObjectId, default: null },
    flowRun: { type: Schema.Types.Mixed, default: null },
    flowEnd: { type: Schema.Types.Mixed, default: null },
    integrationRun: { type: Schema.Types.Mixed, default: null },
    handedOver: { type: Boolean, default: false },
    aiError: { type: Schema.Types.Mixed, default: null },
    lastInteractionAt: { type: Date, default: null },
    acceptedAt: { type: Date, default: null },
    closedAt: { type: Date, default: null },
    awaitingRating: { type: Boolean, default: false },
    waitingSince: { type: Date, default: null },
    dayZone: { type: String },
    createdDay: { type: String, default: () => new Date().toISOString().slice(0, 10) },
    createdHour: { type: Number, default: () => new Date().getUTCHours() },
    tagIds: { type: [ObjectId], default: [] },
    messageCount: { type: Number, default: 0 },
    replyPlacedIn: { type: String, default: null },
    listKeys: { type: [String], default: [] },
    previousPosition: { type: new Schema({ status: String, userId: ObjectId, queueId: ObjectId }, { _id: false }), default: null },
    activeKey: { type: String, required: true },
    ratingKey: { type: String, default: null },
    unreadKey: { type: String, default: null },
    rev: { type: Number, default: 0 },
  },
  (schema) => {
    // Lists read buckets of lanes (lanes.ts); the active and rating-awaiting ticket of a contact on
    // a connection are found by their keys; tags, contacts and links by their ids.
    schema.index({ companyId: 1, listKeys: 1 });
    schema.index({ companyId: 1, activeKey: 1 }, { unique: true });
    schema.index({ companyId: 1, ratingKey: 1 });
    schema.index({ companyId: 1, unreadKey: 1 });
    schema.index({ companyId: 1, contactId: 1 });
    schema.index({ companyId: 1, tagIds: 1 });
    schema.index({ companyId: 1, queueId: 1 });
    // Platform-wide (a start's recovery, across companies).
    schema.index({ replyPlacedIn: 1 });
    engineKeys(schema, ['listKeys', 'activeKey', 'ratingKey', 'unreadKey', 'contactId', 'tagIds', 'uuid', 'whatsappId', 'createdDay', 'replyPlacedIn']);
    // Dashboard periods.
    schema.index({ companyId: 1, closedAt: 1 });
    schema.index({ companyId: 1, acceptedAt: 1 });
    schema.index({ companyId: 1, createdDay: 1 });
  },
);

// Two active tickets for one contact on one connection (a race the services' checks lost).
registerDuplicateCode('tickets', 'activeKey', 'ERR_OTHER_OPEN_TICKET');
