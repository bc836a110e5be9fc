/**
 * Per-user visibility of the ticket and appMessage channels: an agent receives only tickets they
 * may see (same rule as the list). The viewer of each socket is cached briefly, so a publish to
 * many sockets costs a handful of reads, not one per socket and event.
 */
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { setChannelFilter, type RealtimePayload } from '../../platform/realtime.js';
import { canSee, viewerOf, type Viewer } from './visibility.js';

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

async function visible(payload: RealtimePayload, credentials: AuthCredentials): Promise<boolean> {
  const ticket = payload.ticket as { userId?: string | null; queueId?: string | null } | undefined;
  if (!ticket) return true;
  return canSee(await cachedViewer(credentials), { userId: ticket.userId ?? null, queueId: ticket.queueId ?? null });
}

export function registerTicketVisibility(): void {
  setChannelFilter('ticket', visible);
  setChannelFilter('appMessage', visible);
}
