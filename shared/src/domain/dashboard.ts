/**
 * The dashboard (document 1 sections 2, 3, 7 and 9): counters, attendants and the two charts.
 *
 * Days are calendar days of the company's time zone written "YYYY-MM-DD" (timeZone.ts): the server
 * counts each ticket on its day and hour in that zone when it is written (FerretDB has no date
 * operators), so every filter of the dashboard, "today" included, is read in that zone too.
 */
import { zonedDay } from './timeZone.js';

/** The period select: none (0), last 3, 7, 15, 30, 60 or 90 days (document 1 section 9). */
export const DASHBOARD_PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** Longest date range of a filter or a chart, in days, both ends included. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD ("2024-02-30" is not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The UTC day of an instant. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `amount` days after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, amount: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + amount * DAY_MS));
}

/** Days from `from` to `to`, both included (1 for the same day; 0 or less when `to` is before). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1;
}

/** The filter used when none is sent: from the first day of the current month to today (in `zone`). */
export function defaultDashboardRange(now: Date = new Date(), zone = 'UTC'): DashboardRange {
  const today = zonedDay(now, zone);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** "Last N days": N days ending today (in `zone`), today included. */
export function lastDaysRange(days: number, now: Date = new Date(), zone = 'UTC'): DashboardRange {
  const today = zonedDay(now, zone);
  return { from: addDays(today, 1 - days), to: today };
}

/** The /dashboard filter as sent: empty strings are fields the form left blank. */
export type DashboardFilter = {
  days?: DashboardPeriod | number | '';
  date_from?: string;
  date_to?: string;
};

/** Why a filter resolves to nothing: the field to blame, the rule, a message (ERR_VALIDATION). */
export interface DashboardFilterProblem {
  field: 'days' | 'date_from' | 'date_to';
  rule: string;
  message: string;
}

/**
 * Which days a /dashboard filter covers. Nothing sent at all: the default (first day of the month
 * to today). `days` > 0: the last N days. `date_from` and `date_to`: those days. Anything else that
 * was sent (days=0 alone, blank dates, one date without the other, a period with dates) is a
 * problem: the web answers it with its "select a filter" toast.
 */
export function resolveDashboardFilter(filter: DashboardFilter, now: Date = new Date(), zone = 'UTC'): { range: DashboardRange } | { problem: DashboardFilterProblem } {
  const { days, date_from: from, date_to: to } = filter;
  if (days === undefined && from === undefined && to === undefined) return { range: defaultDashboardRange(now, zone) };
  const period = typeof days === 'number' && days > 0 ? days : 0;
  if (period > 0 && (from || to)) {
    return { problem: { field: 'days', rule: 'object.oxor', message: 'choose either a period (days) or dates (date_from and date_to), not both' } };
  }
  if (period > 0) return { range: lastDaysRange(period, now, zone) };
  if (from && !to) return { problem: { field: 'date_to', rule: 'any.required', message: 'date_to is required with date_from' } };
  if (to && !from) return { problem: { field: 'date_from', rule: 'any.required', message: 'date_from is required with date_to' } };
  if (from && to) {
    if (!isCalendarDay(from)) return { problem: { field: 'date_from', rule: 'date.day', message: 'date_from must be a day written YYYY-MM-DD' } };
    if (!isCalendarDay(to)) return { problem: { field: 'date_to', rule: 'date.day', message: 'date_to must be a day written YYYY-MM-DD' } };
    const length = daysInRange(from, to);
    if (length < 1) return { problem: { field: 'date_to', rule: 'date.order', message: 'date_to must not be before date_from' } };
    if (length > DASHBOARD_MAX_RANGE_DAYS) {
      return { problem: { field: 'date_to', rule: 'date.range', message: `date_to must be at most ${DASHBOARD_MAX_RANGE_DAYS} days after the start, both included` } };
    }
    return { range: { from, to } };
  }
  return { problem: { field: 'days', rule: 'any.required', message: 'select a filter: a period (days) or dates (date_from and date_to)' } };
}

/** An inclusive range of days (of the company's time zone). */
export interface DashboardRange {
  from: string;
  to: string;
}

export interface DashboardCounters {
  /** Tickets open now (in talk). */
  supportHappening: number;
  /** Tickets pending now (waiting). */
  supportPending: number;
  /** Tickets closed within the period. */
  supportFinished: number;
  /** Contacts (not groups) created within the period: the "new contacts" card. */
  leads: number;
  /** Minutes from acceptance to closing, over the tickets closed within the period (one decimal). */
  avgSupportTime: number;
  /** Minutes from creation to acceptance, over the tickets accepted within the period (one decimal). */
  avgWaitTime: number;
}

export interface DashboardAttendant {
  id: string;
  name: string;
  /** Average of the 1..3 ratings the user received within the period (one decimal); 0 when none. */
  rating: number;
  /** Minutes from acceptance to closing of the user's tickets closed within the period. */
  avgSupportTime: number;
  online: boolean;
  /** The user's tickets closed within the period. */
  tickets: number;
}

/** GET /dashboard. */
export interface DashboardAnswer {
  counters: DashboardCounters;
  /** Every user of the company, by name. */
  attendants: DashboardAttendant[];
  /** The days the figures cover (the default, the last N days or the dates sent). */
  period: DashboardRange;
  /** The company's time zone, whose days and hours every figure and chart counts in. */
  timeZone: string;
}

/** One bar of "tickets per user": tickets created within the range and assigned to the user. */
export interface TicketsPerUser {
  /** null: tickets nobody was assigned to. */
  userId: string | null;
  /** null for the unassigned row, and for a user who no longer exists. */
  nome: string | null;
  quantidade: number;
}

/** GET /dashboard/ticketsUsers: rows by quantidade, largest first. */
export interface TicketsUsersAnswer {
  data: TicketsPerUser[];
}

export interface TicketsOnDay {
  /** YYYY-MM-DD. */
  data: string;
  total: number;
}

export interface TicketsAtHour {
  /** "HH:00", 00:00 to 23:00. */
  horario: string;
  total: number;
}

/**
 * GET /dashboard/ticketsDay: tickets created per day of the range, or per hour when the range is
 * one day; every day (hour) is present, zeros included; count is the sum.
 */
export type TicketsDayAnswer = { by: 'day'; data: TicketsOnDay[]; count: number } | { by: 'hour'; data: TicketsAtHour[]; count: number };
