/**
 * Wire shape of scheduled messages (document 2 sections 3, 5 and 7). Statuses as ticketz names
 * them: PENDENTE (waiting for its time), AGENDADA (taken by the sender, being sent), ENVIADA (sent),
 * ERRO (given up after the last attempt; lastError says why).
 */

export const SCHEDULE_STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_MAX = 4096;
/** Attachments: images of these kinds only (document 2 section 5). */
export const SCHEDULE_MEDIA_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** Sending attempts before a schedule is given up as ERRO. */
export const SCHEDULE_MAX_ATTEMPTS = 3;
/** The widest date window one calendar read may ask for (a month view with its spill-over weeks). */
export const SCHEDULE_WINDOW_MAX_DAYS = 62;
/** At most this many schedules are answered for one calendar window. */
export const SCHEDULE_WINDOW_MAX = 1000;

export interface Schedule {
  id: string;
  companyId: string;
  body: string;
  contactId: string;
  /** The contact's name and number when the schedule was saved. */
  contact: { id: string; name: string; number: string };
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  userId: string | null;
  attempts: number;
  lastError: string | null;
  /** The ticket and message it was sent as. */
  ticketId: string | null;
  messageId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SchedulesPage {
  schedules: Schedule[];
  hasMore: boolean;
}

/** Payloads of the `schedule` realtime channel. */
export type ScheduleEvent = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: string };
