/**
 * The dashboard (document 1 sections 2, 3 and 7): counters, attendants and the two charts.
 *
 * Days and hours are the company's time zone's (settings/timeZone.ts): a range
 * "2024-03-01".."2024-03-31" in America/Sao_Paulo covers 2024-03-01T03:00Z (included) to
 * 2024-04-01T03:00Z (excluded), and "today" is the company's. Nothing here reads tickets: the open and pending counts are their
 * lanes' counters (tickets/lanes.ts), and everything else is added up from the per-day counters
 * the tickets, ratings and contacts keep (tickets/dayCounts.ts), one small document per day of the
 * period (at most DASHBOARD_MAX_RANGE_DAYS).
 */
import {
  addDays,
  daysInRange,
  resolveDashboardFilter,
  type DashboardAnswer,
  type DashboardAttendant,
  type DashboardFilter,
  type DashboardRange,
  type TicketsDayAnswer,
  type TicketsPerUser,
  type TicketsUsersAnswer,
} from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { readCounters } from '../../platform/database/counters.js';
import { AppError } from '../../platform/errors.js';
import { companyTimeZone } from '../settings/timeZone.js';
import { dayKeyOf } from '../tickets/dayCounts.js';
import { laneOf } from '../tickets/lanes.js';
import { userNames } from '../users/cache.js';
import { UserModel } from '../users/model.js';

export type DashboardQuery = DashboardFilter & { companyId?: string };

export interface ChartQuery {
  initialDate: string;
  finalDate: string;
  companyId?: string;
}

const MINUTE_MS = 60_000;

/** Super users may address another company; everyone else always sees their own. */
function targetCompany(actor: AuthCredentials, companyId?: string): string {
  return actor.super && companyId ? companyId : actor.companyId;
}

/** Rounded to one decimal (0.05 -> 0.1). */
function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A mean in minutes of a sum of milliseconds; 0 when nothing was counted. */
function meanMinutes(totalMs: number, count: number): number {
  return count === 0 ? 0 : oneDecimal(totalMs / count / MINUTE_MS);
}

/** The per-day counter parts of the range, added up. */
async function daysTotal(companyId: string, from: string, to: string): Promise<Map<string, number>> {
  const days = Array.from({ length: daysInRange(from, to) }, (_unused, index) => addDays(from, index));
  const docs = await readCounters(companyId, days.map(dayKeyOf));
  const total = new Map<string, number>();
  for (const doc of docs.values()) for (const [part, value] of Object.entries(doc.parts ?? {})) total.set(part, (total.get(part) ?? 0) + value);
  return total;
}

/** Tickets in a status now: the count of the status's lane. */
async function statusCount(companyId: string, status: 'open' | 'pending'): Promise<number> {
  const lane = laneOf(companyId, status, { kind: 'all' });
  return (await readCounters(companyId, [lane.id])).get(lane.id)?.count ?? 0;
}

/** Largest first; ties by name (the unnamed rows last), then by id. */
function byQuantity(a: TicketsPerUser, b: TicketsPerUser): number {
  if (a.quantidade !== b.quantidade) return b.quantidade - a.quantidade;
  if (a.nome !== b.nome) return a.nome === null ? 1 : b.nome === null ? -1 : a.nome.localeCompare(b.nome);
  return String(a.userId).localeCompare(String(b.userId));
}

export function createDashboardService() {
  return {
    /** Counters and attendants for the period the filter resolves to (see resolveDashboardFilter). */
    async summary(actor: AuthCredentials, query: DashboardQuery, now: Date = new Date()): Promise<DashboardAnswer> {
      const companyId = targetCompany(actor, query.companyId);
      const timeZone = await companyTimeZone(companyId);
      const resolved = resolveDashboardFilter(query, now, timeZone);
      if ('problem' in resolved) {
        const { field, rule, message } = resolved.problem;
        throw new AppError('ERR_VALIDATION', { field, rule }, `query ${field}: ${message} (${rule})`);
      }
      const period: DashboardRange = resolved.range;
      const [supportHappening, supportPending, days, users] = await Promise.all([
        statusCount(companyId, 'open'),
        statusCount(companyId, 'pending'),
        daysTotal(companyId, period.from, period.to),
        UserModel.find({ companyId }).select({ name: 1, online: 1 }).sort({ name: 1, _id: 1 }).lean<{ _id: unknown; name: string; online: boolean }[]>(),
      ]);
      const part = (name: string) => days.get(name) ?? 0;
      const attendants: DashboardAttendant[] = users.map((user) => {
        const id = String(user._id);
        const rated = part(`rn${id}`);
        return {
          id,
          name: user.name,
          rating: rated === 0 ? 0 : oneDecimal(part(`rs${id}`) / rated),
          avgSupportTime: meanMinutes(part(`tmu${id}`), part(`tnu${id}`)),
          online: user.online,
          tickets: part(`xu${id}`),
        };
      });
      return {
        counters: {
          supportHappening,
          supportPending,
          supportFinished: part('x'),
          leads: part('n'),
          avgSupportTime: meanMinutes(part('tm'), part('tn')),
          avgWaitTime: meanMinutes(part('wm'), part('wn')),
        },
        attendants,
        period,
        timeZone,
      };
    },

    /** Tickets created within the range per assigned user (one row for the unassigned ones). */
    async ticketsUsers(actor: AuthCredentials, query: ChartQuery): Promise<TicketsUsersAnswer> {
      const companyId = targetCompany(actor, query.companyId);
      const [days, names] = await Promise.all([daysTotal(companyId, query.initialDate, query.finalDate), userNames.get(companyId)]);
      const data = [...days]
        .filter(([part, total]) => /^u/.test(part) && total > 0)
        .map(([part, total]) => {
          const userId = part === 'u-' ? null : part.slice(1);
          return { userId, nome: userId ? (names.get(userId) ?? null) : null, quantidade: total };
        });
      return { data: data.sort(byQuantity) };
    },

    /** Tickets created per day of the range, or per hour when the range is a single day. */
    async ticketsDay(actor: AuthCredentials, query: ChartQuery): Promise<TicketsDayAnswer> {
      const companyId = targetCompany(actor, query.companyId);
      if (query.initialDate === query.finalDate) {
        const parts = (await readCounters(companyId, [dayKeyOf(query.initialDate)])).get(dayKeyOf(query.initialDate))?.parts ?? {};
        const data = Array.from({ length: 24 }, (_unused, hour) => {
          const horario = `${String(hour).padStart(2, '0')}:00`;
          return { horario, total: parts[`h${horario.slice(0, 2)}`] ?? 0 };
        });
        return { by: 'hour', data, count: data.reduce((sum, row) => sum + row.total, 0) };
      }
      const days = Array.from({ length: daysInRange(query.initialDate, query.finalDate) }, (_unused, index) => addDays(query.initialDate, index));
      const docs = await readCounters(companyId, days.map(dayKeyOf));
      const data = days.map((day) => ({ data: day, total: docs.get(dayKeyOf(day))?.parts?.c ?? 0 }));
      return { by: 'day', data, count: data.reduce((sum, row) => sum + row.total, 0) };
    },
  };
}
