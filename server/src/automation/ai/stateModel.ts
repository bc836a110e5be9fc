import type { Types } from 'mongoose';
import { ObjectId, tenantModel } from '../../platform/database/models.js';
import { engineKeys } from '../../platform/database/tuning.js';

/** A customer audio's transcription, kept so that later answers read it as text. */
export interface AiTranscript {
  messageId: string;
  text: string;
}

/**
 * The AI assistant's bookkeeping of one ticket: how far the customer's messages were answered
 * (their place in the conversation, `seq`) and the transcriptions of their audio. Small, and read
 * by the ticket's id only.
 */
export interface AiTicketStateDoc {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  ticketId: Types.ObjectId;
  /** Customer messages up to this place were answered, handed over or are not to be answered (replayed). */
  answeredSeq: number;
  transcripts: AiTranscript[];
  createdAt: Date;
  updatedAt: Date;
}

export const AiTicketStateModel = tenantModel<AiTicketStateDoc>(
  'AiTicketState',
  {
    ticketId: { type: ObjectId, ref: 'Ticket', required: true },
    answeredSeq: { type: Number, default: -1 },
    transcripts: { type: [{ _id: false, messageId: String, text: String }], default: [] },
  },
  (schema) => {
    schema.index({ companyId: 1, ticketId: 1 }, { unique: true });
    engineKeys(schema, ['ticketId']);
  },
);
