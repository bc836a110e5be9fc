/** Reads and writes of a ticket's AiTicketState, one at a time per ticket (platform/database/serial.ts). */
import type { Types } from 'mongoose';
import { documentWrites } from '../../platform/database/serial.js';
import { AiTicketStateModel, type AiTicketStateDoc, type AiTranscript } from './stateModel.js';

/** Transcriptions kept per ticket: as many as the largest context reads. */
const TRANSCRIPTS_KEPT = 100;

type Id = string | Types.ObjectId;

export interface AiState {
  answeredSeq: number;
  transcripts: AiTranscript[];
}

export async function stateOf(companyId: Id, ticketId: Id): Promise<AiState> {
  const doc = await AiTicketStateModel.findOne({ companyId, ticketId }).lean<AiTicketStateDoc>();
  return { answeredSeq: doc?.answeredSeq ?? -1, transcripts: doc?.transcripts ?? [] };
}

/** Customer messages up to `seq` need no answer any more; new transcriptions are kept. */
export function markAnswered(companyId: Id, ticketId: Id, seq: number, transcripts?: AiTranscript[]): Promise<void> {
  return documentWrites.run(`${AiTicketStateModel.modelName}:${String(ticketId)}`, async () => {
    const update = transcripts ? { $max: { answeredSeq: seq }, $set: { transcripts: transcripts.slice(-TRANSCRIPTS_KEPT) } } : { $max: { answeredSeq: seq } };
    await AiTicketStateModel.updateOne({ companyId, ticketId }, update, { upsert: true });
  });
}
