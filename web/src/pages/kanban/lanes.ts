/**
 * The kanban board's lanes (document 2 section 4): a first lane for the tickets without a lane's
 * tag, then one lane per tag flagged kanban; a ticket stands in the lane of its first such tag.
 */
import type { Tag, Ticket } from '@atende/shared';

/** The key of the first lane, the one of the tickets without a kanban tag. */
export const OPEN_LANE = 'open';

export interface Lane {
  key: string;
  tag: Tag | null;
  tickets: Ticket[];
}

export function laneOf(ticket: Pick<Ticket, 'tags'>, laneTags: Pick<Tag, 'id'>[]): string {
  const ids = new Set(laneTags.map((tag) => tag.id));
  return ticket.tags.find((tag) => ids.has(tag.id))?.id ?? OPEN_LANE;
}

export function buildLanes(tickets: Ticket[], laneTags: Tag[]): Lane[] {
  const lanes: Lane[] = [{ key: OPEN_LANE, tag: null, tickets: [] }, ...laneTags.map((tag) => ({ key: tag.id, tag, tickets: [] as Ticket[] }))];
  const byKey = new Map(lanes.map((lane) => [lane.key, lane]));
  for (const ticket of tickets) byKey.get(laneOf(ticket, laneTags))!.tickets.push(ticket);
  return lanes;
}

/** The ticket's tags once moved to a lane: its old lane tag gone, the new one added (none for the first lane). */
export function tagsAfterMove(ticket: Pick<Ticket, 'tags'>, laneTags: Tag[], target: string): Ticket['tags'] {
  const laneIds = new Set(laneTags.map((tag) => tag.id));
  const kept = ticket.tags.filter((tag) => !laneIds.has(tag.id));
  const added = laneTags.find((tag) => tag.id === target);
  return added ? [...kept, { id: added.id, name: added.name, color: added.color }] : kept;
}
