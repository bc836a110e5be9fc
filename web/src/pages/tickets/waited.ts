/**
 * How long a waiting customer has waited (Ticket.waitingSince), compact for the row ("12 min",
 * "3 h", "2 d") and in words for its tooltip.
 */
import type { TFunction } from 'i18next';

const MINUTE = 60_000;

export function waitedMinutes(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / MINUTE));
}

export function waitedShort(t: TFunction, since: string, now: number): string {
  const minutes = waitedMinutes(since, now);
  if (minutes < 1) return t('web.inbox.waiting.justNow');
  if (minutes < 60) return t('web.inbox.waiting.minutes', { count: minutes });
  if (minutes < 24 * 60) return t('web.inbox.waiting.hours', { count: Math.floor(minutes / 60) });
  return t('web.inbox.waiting.days', { count: Math.floor(minutes / (24 * 60)) });
}

export function waitedLong(t: TFunction, since: string, now: number): string {
  return t('web.inbox.waiting.since', { count: waitedMinutes(since, now) });
}
