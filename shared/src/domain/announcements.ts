/** Wire shapes of announcements (document 2): published by super users, read by every company. */

export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_TEXT_MAX = 5000;

/** 1 high (red), 2 medium (orange), 3 low (grey); lists show the highest first. */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const ANNOUNCEMENT_DEFAULT_PRIORITY: AnnouncementPriority = 3;

/** Attachments the spec allows (checked by content on the server). */
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

export interface Announcement {
  id: string;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  /** Active: shown to every user; inactive ones only to super users. */
  status: boolean;
  /** Stored file name of the attachment (null without one). */
  mediaPath: string | null;
  /** Original (sanitised) name of the attachment. */
  mediaName: string | null;
  /** Where the attachment is served, relative to the server origin. */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementsPage {
  records: Announcement[];
  count: number;
  hasMore: boolean;
}

/**
 * Payloads of the `announcement` realtime channel, sent to every company. Plain users list only
 * active ones, so an update with status false means "drop it".
 */
export type AnnouncementEvent = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: string };
