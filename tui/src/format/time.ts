/**
 * Times as the inbox shows them, in the terminal's local time zone: relative in the ticket list
 * (now, minutes, hours, days, then the date), HH:mm or dd/MM/yy HH:mm in the conversation
 * (document 1 section 9 formats), dd/MM/yyyy for the subscription's due date.
 */
import type { Translate } from '../app/i18n.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_DAYS_MAX = 7;

const pad = (value: number) => String(value).padStart(2, '0');

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** dd/MM/yy */
export function shortDate(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)}`;
}

/** dd/MM/yyyy */
export function longDate(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

export function relativeTime(iso: string, now: Date, t: Translate): string {
  const date = new Date(iso);
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return t('tui.time.now');
  if (elapsed < HOUR) return t('tui.time.minutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('tui.time.hours', { count: Math.floor(elapsed / HOUR) });
  if (elapsed < RELATIVE_DAYS_MAX * DAY) return t('tui.time.days', { count: Math.floor(elapsed / DAY) });
  return shortDate(date);
}

/** How long since `iso`, in minutes, hours or days (never a date): a waiting customer's wait. */
export function elapsedTime(iso: string, now: Date, t: Translate): string {
  const elapsed = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (elapsed < MINUTE) return t('tui.time.now');
  if (elapsed < HOUR) return t('tui.time.minutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('tui.time.hours', { count: Math.floor(elapsed / HOUR) });
  return t('tui.time.days', { count: Math.floor(elapsed / DAY) });
}

/** HH:mm today, dd/MM/yy HH:mm before. */
export function clockTime(iso: string, now: Date): string {
  const date = new Date(iso);
  const hour = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return sameDay(date, now) ? hour : `${shortDate(date)} ${hour}`;
}

/** Whole days until the due date, when fewer than `warningDays` remain (null otherwise or when past). */
export function daysLeft(dueIso: string | undefined, now: Date, warningDays: number): number | null {
  if (!dueIso) return null;
  const left = Math.floor((new Date(dueIso).getTime() - now.getTime()) / DAY);
  return left >= 0 && left < warningDays ? left : null;
}
