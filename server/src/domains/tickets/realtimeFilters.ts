/**
 * Per-user visibility of the ticket and appMessage channels: an agent receives only tickets they
 * may see (the shared rule, as the lists). When a write moves a ticket out of a viewer's sight (a
 * transfer to a queue they are not in, a queue picked for a queueless ticket), that viewer gets a
 * `delete` of it instead, without its contents, so that no list keeps a ticket its owner may no
 * longer open. The viewer of each socket is cached briefly, so a publish to many sockets costs a
 * handful of reads, not one per socket and event.
 */
import { canSeeTicket } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { setChannelFilter, type ChannelFilterAnswer, type RealtimePayload } from '../../platform/realtime.js';
import type { TicketMove } from './events.js';
import { viewerOf, type Viewer } from './visibility.js';

const VIEWER_TTL_MS = 5_000;
const viewers = new Map<string, { viewer: Promise<Viewer>; at: number }>();

function cachedViewer(credentials: AuthCredentials): Promise<Viewer> {
  const hit = viewers.get(credentials.userId);
  if (hit && Date.now() - hit.at < VIEWER_TTL_MS) return hit.viewer;
  const viewer = viewerOf(credentials);
  viewers.set(credentials.userId, { viewer, at: Date.now() });
  return viewer;
}

/** Queue or profile changes apply to the next event at once. */
export function forgetViewer(userId: string): void {
  viewers.delete(userId);
}

interface PushedTicket {
  id?: string;
  userId?: string | null;
  queueId?: string | null;
}

async function visibleMessage(payload: RealtimePayload, credentials: AuthCredentials): Promise<boolean> {
  const ticket = payload.ticket as PushedTicket | undefined;
  if (!ticket) return true;
  return canSeeTicket(await cachedViewer(credentials), { userId: ticket.userId ?? null, queueId: ticket.queueId ?? null });
}

async function visibleTicket(payload: RealtimePayload, credentials: AuthCredentials, internal: unknown): Promise<ChannelFilterAnswer> {
  const ticket = payload.ticket as PushedTicket | undefined;
  if (!ticket) return true;
  const viewer = await cachedViewer(credentials);
  if (canSeeTicket(viewer, { userId: ticket.userId ?? null, queueId: ticket.queueId ?? null })) return true;
  const was = (internal as TicketMove | undefined)?.was;
  if (payload.action !== 'update' || !was || !canSeeTicket(viewer, was) || !ticket.id) return false;
  return { override: { action: 'delete', ticketId: ticket.id, ticket: { id: ticket.id, userId: was.userId, queueId: was.queueId } } };
}

export function registerTicketVisibility(): void {
  setChannelFilter('ticket', visibleTicket);
  setChannelFilter('appMessage', visibleMessage);
}
