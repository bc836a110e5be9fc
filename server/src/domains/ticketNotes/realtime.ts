/**
 * Notes reach only the sockets whose user may see the note's ticket (the inbox's queue rule):
 * payloads carry `ticket: { id, userId, queueId }` for this filter. Notes are rare events, so
 * each delivery reads the viewer afresh.
 */
import type { TicketNoteTicketRef } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { setChannelFilter, type RealtimePayload } from '../../platform/realtime.js';
import type { TicketDoc } from '../tickets/model.js';
import { canSee, viewerOf } from '../tickets/visibility.js';

export function noteTicketRef(ticket: Pick<TicketDoc, '_id' | 'userId' | 'queueId'>): TicketNoteTicketRef {
  return { id: String(ticket._id), userId: ticket.userId ? String(ticket.userId) : null, queueId: ticket.queueId ? String(ticket.queueId) : null };
}

async function mayReceive(payload: RealtimePayload, credentials: AuthCredentials): Promise<boolean> {
  const ticket = payload.ticket as TicketNoteTicketRef | undefined;
  if (!ticket) return true;
  return canSee(await viewerOf(credentials), ticket);
}

export function registerTicketNoteVisibility(): void {
  setChannelFilter('ticketNote', mayReceive);
}
