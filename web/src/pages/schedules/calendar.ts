/**
 * Date arithmetic of the schedules calendar, in the browser's local time: the window each view
 * reads from the server, its days, and the step of the previous / next buttons. Weeks start on
 * Sunday (the console's Brazilian default); the agenda shows 30 days from its first.
 */
export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const AGENDA_DAYS = 30;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());
}

function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  return addDays(day, -day.getDay());
}

/** The days a view shows (a month: whole weeks, 35 or 42 days). */
export function daysOf(view: CalendarView, cursor: Date): Date[] {
  let first: Date;
  let count: number;
  if (view === 'month') {
    const firstOfMonth = new Date(cursor.getFullYear(), cursor.getMonth(), 1);
    first = startOfWeek(firstOfMonth);
    const daysInMonth = new Date(cursor.getFullYear(), cursor.getMonth() + 1, 0).getDate();
    count = Math.ceil((firstOfMonth.getDay() + daysInMonth) / 7) * 7;
  } else if (view === 'week') {
    first = startOfWeek(cursor);
    count = 7;
  } else if (view === 'day') {
    first = startOfDay(cursor);
    count = 1;
  } else {
    first = startOfDay(cursor);
    count = AGENDA_DAYS;
  }
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** The from..to (exclusive) window a view reads. */
export function windowOf(view: CalendarView, cursor: Date): { from: Date; to: Date } {
  const days = daysOf(view, cursor);
  return { from: days[0]!, to: addDays(days.at(-1)!, 1) };
}

/** The cursor after a previous (-1) or next (+1) step of the view. */
export function step(view: CalendarView, cursor: Date, direction: 1 | -1): Date {
  if (view === 'month') return new Date(cursor.getFullYear(), cursor.getMonth() + direction, 1);
  if (view === 'week') return addDays(cursor, 7 * direction);
  if (view === 'day') return addDays(cursor, direction);
  return addDays(cursor, AGENDA_DAYS * direction);
}

/** 'YYYY-MM-DD' of a local day: keys of the days' buckets and test hooks. */
export function dayKey(date: Date | string): string {
  const d = new Date(date);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The value of a datetime-local input for an instant (local time, minutes). */
export function toLocalInput(date: Date): string {
  return `${dayKey(date)}T${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** One hour from now, on the minute (the spec's default sendAt), optionally moved to another day. */
export function defaultSendAt(day?: Date): Date {
  const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
  inAnHour.setSeconds(0, 0);
  if (!day || dayKey(day) === dayKey(new Date())) return inAnHour;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), inAnHour.getHours(), inAnHour.getMinutes());
}
