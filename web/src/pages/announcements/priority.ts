/** Announcement priorities (document 2 section 4): 1 high red, 2 medium orange, 3 low grey. */
import type { AnnouncementPriority } from '@atende/shared';

export const PRIORITY_COLORS: Record<AnnouncementPriority, string> = {
  1: '#d32f2f',
  2: '#ef6c00',
  3: '#757575',
};

/** The order of announcement lists (the server's): highest priority first, then the newest. */
export function byPriority(a: { priority: number; createdAt: string }, b: { priority: number; createdAt: string }): number {
  return a.priority - b.priority || b.createdAt.localeCompare(a.createdAt);
}
