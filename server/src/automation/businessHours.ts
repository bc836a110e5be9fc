/** Whether a schedule (seven weekday rows of HH:mm ranges) is open at a moment, in a time zone. */
import type { ScheduleRow } from '@atende/shared';



function minutes(hhmm: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function isOpen(schedules: ScheduleRow[], timeZone: string, now = new Date()): boolean {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hour12: false })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const weekday = String(parts.weekday).toLowerCase();
  const row = schedules.find((s) => s.weekdayEn === weekday);
  // A day without a row, or with empty times, is closed; 00:00-00:00 (the spec's Sunday) too.
  const start = row ? minutes(row.startTime) : null;
  const end = row ? minutes(row.endTime) : null;
  if (start === null || end === null || start === end) return false;
  const current = (Number(parts.hour) % 24) * 60 + Number(parts.minute);
  return start < end ? current >= start && current < end : current >= start || current < end;
}

