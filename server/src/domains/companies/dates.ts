import { DEFAULT_SCHEDULE_HOURS, RECURRENCE_MONTHS, WEEKDAYS, type Recurrence, type ScheduleRow } from '@atende/shared';

const DAY_MS = 86_400_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Moves a due date by the recurrence, keeping the day of month where the month allows it. */
export function renewDueDate(dueDate: Date, recurrence: Recurrence): Date {
  const next = new Date(dueDate);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + RECURRENCE_MONTHS[recurrence]);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Whole days from now until the date (negative when past). */
export function daysUntil(date: Date, now = new Date()): number {
  return Math.ceil((date.getTime() - now.getTime()) / DAY_MS);
}

export function defaultSchedules(): ScheduleRow[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }) => ({ weekday, weekdayEn, ...DEFAULT_SCHEDULE_HOURS[weekdayEn]! }));
}

/** Keeps the seven days in order, filling the days a partial update did not send. */
export function mergeSchedules(current: ScheduleRow[], incoming: Partial<ScheduleRow>[]): ScheduleRow[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }) => {
    const sent = incoming.find((row) => row.weekdayEn === weekdayEn);
    const kept = current.find((row) => row.weekdayEn === weekdayEn) ?? { weekday, weekdayEn, ...DEFAULT_SCHEDULE_HOURS[weekdayEn]! };
    return { weekday, weekdayEn, startTime: sent?.startTime ?? kept.startTime, endTime: sent?.endTime ?? kept.endTime };
  });
}
