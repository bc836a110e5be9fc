import type { Types } from 'mongoose';
import type { FlowQueueIntegration } from '@atende/shared';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/**
 * An integration's conversation with one ticket: which integration (or a flow block's typebot,
 * whose settings travel here), the Typebot session and the choices it last showed, and the last
 * customer message taken (a message is never given to the same integration twice: the live
 * message and the "entered a queue" event may both name it). One per ticket; replaced when
 * another integration takes the ticket, dropped when the integration hands over.
 */
export interface IntegrationSessionDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  ticketId: Types.ObjectId;
  /** null: a flow's typebot block (`inline` holds its settings). */
  integrationId: Types.ObjectId | null;
  inline: FlowQueueIntegration | null;
  typebotSessionId: string | null;
  /** The numbered options last shown for a choice input: the customer's "2" picks the second. */
  choices: string[];
  /** The ticket's acceptedAt when the session began: a ticket an agent accepted since starts afresh. */
  acceptedAt: Date | null;
  lastMessageKey: string;
  lastActivityAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export const IntegrationSessionModel = tenantModel<IntegrationSessionDoc>(
  'IntegrationSession',
  {
    ticketId: { type: ObjectId, ref: 'Ticket', required: true },
    integrationId: { type: ObjectId, ref: 'QueueIntegration', default: null },
    inline: { type: Object, default: null },
    typebotSessionId: { type: String, default: null },
    choices: { type: [String], default: [] },
    acceptedAt: { type: Date, default: null },
    lastMessageKey: { type: String, default: '' },
    lastActivityAt: { type: Date, required: true },
  },
  (schema) => {
    schema.set('minimize', false);
    schema.index({ companyId: 1, ticketId: 1 }, { unique: true });
    engineKeys(schema, ['ticketId']);
  },
);
