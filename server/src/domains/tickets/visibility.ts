/**
 * Who sees which ticket: the shared rule (shared/src/domain/ticketVisibility.ts) applied to the
 * user as stored. Text searches, ticket access and the realtime pushes use canSee; the status
 * lists are unions of its lanes (list.ts), tested to hold exactly what ticketInList says.
 */
import type { Types } from 'mongoose';
import { canSeeTicket, type TicketViewer } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { UserModel, type UserDoc } from '../users/model.js';

export interface Viewer extends TicketViewer {
  companyId: string;
  queueIds: string[];
}

interface VisibleTicket {
  userId: Types.ObjectId | string | null;
  queueId: Types.ObjectId | string | null;
}

/** The user as stored decides, never the token: a user whose row is gone sees nothing. */
export async function viewerOf(actor: AuthCredentials): Promise<Viewer> {
  const user = await UserModel.findOne({ _id: actor.userId, companyId: actor.companyId }, { queueIds: 1, allTicket: 1, profile: 1, super: 1 }).lean<
    Pick<UserDoc, 'queueIds' | 'allTicket' | 'profile' | 'super'>
  >();
  if (!user) return { userId: '', companyId: actor.companyId, isAdmin: false, queueIds: [], allTicket: false };
  return {
    userId: actor.userId,
    companyId: actor.companyId,
    isAdmin: user.super || user.profile === 'admin',
    queueIds: user.queueIds.map(String),
    allTicket: user.allTicket === 'enabled',
  };
}

/** Whether the viewer may see (and act on) the ticket, ignoring showAll. */
export function canSee(viewer: Viewer, ticket: VisibleTicket): boolean {
  return canSeeTicket(viewer, { userId: ticket.userId ? String(ticket.userId) : null, queueId: ticket.queueId ? String(ticket.queueId) : null });
}
