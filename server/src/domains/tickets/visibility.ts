/**
 * Who sees which ticket (document 1 section 6, issue 3): admins see everything (with showAll);
 * everyone else sees tickets of their queues, their own tickets, and queueless tickets when
 * allTicket is enabled. The same rule filters text searches and the realtime pushes; the status
 * lists are unions of its lanes (list.ts).
 */
import type { Types } from 'mongoose';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { UserModel, type UserDoc } from '../users/model.js';

export interface Viewer {
  userId: string;
  companyId: string;
  isAdmin: boolean;
  queueIds: string[];
  allTicket: boolean;
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
  if (viewer.isAdmin) return true;
  if (ticket.userId && String(ticket.userId) === viewer.userId) return true;
  if (!ticket.queueId) return viewer.allTicket;
  return viewer.queueIds.includes(String(ticket.queueId));
}
