/**
 * The dashboard (document 1 sections 2, 3 and 7): counters, attendants and the two charts.
 *
 * Days are UTC days: a range "2024-03-01".."2024-03-31" covers 2024-03-01T00:00Z (included) to
 * 2024-04-01T00:00Z (excluded), and the charts group by the UTC day and hour each ticket stored
 * when it was created (createdDay, createdHour), because FerretDB has no date operators.
 *
 * Within the FerretDB rules: counts are countDocuments or a $group with a single $sum; averages
 * are computed here from a projection of the few fields they need, read as a stream and bounded
 * by the period (at most DASHBOARD_MAX_RANGE_DAYS days).
 */
import { Types } from 'mongoose';
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
import { AppError } from '../../platform/errors.js';
import { ContactModel } from '../contacts/model.js';
import { TicketModel } from '../tickets/model.js';
import { TicketRatingModel } from '../tickets/ratingModel.js';
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

/** The instants of an inclusive range of UTC days: [from 00:00Z, day after `to` 00:00Z). */
function instants(range: DashboardRange): { $gte: Date; $lt: Date } {
  return { $gte: new Date(`${range.from}T00:00:00.000Z`), $lt: new Date(`${addDays(range.to, 1)}T00:00:00.000Z`) };
}

/** Rounded to one decimal (0.05 -> 0.1). */
function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A running mean; answers 0 when nothing was added. */
class Mean {
  private total = 0;
  private count = 0;

  add(value: number): void {
    this.total += value;
    this.count += 1;
  }

  value(): number {
    return this.count === 0 ? 0 : oneDecimal(this.total / this.count);
  }
}

/** Minutes between two instants (never negative: clocks of imported data may disagree). */
function minutesBetween(start: Date, end: Date): number {
  return Math.max(0, end.getTime() - start.getTime()) / MINUTE_MS;
}

interface ClosedTicket {
  userId: Types.ObjectId | null;
  acceptedAt: Date | null;
  closedAt: Date;
}

interface AcceptedTicket {
  createdAt: Date;
  acceptedAt: Date;
}

/** Tickets closed within the period: how many, and the support time, overall and per user. */
async function closedTickets(companyId: string, range: DashboardRange) {
  const overall = new Mean();
  const perUser = new Map<string, { tickets: number; support: Mean }>();
  let finished = 0;
  const cursor = TicketModel.find({ companyId, status: 'closed', closedAt: instants(range) })
    .select({ userId: 1, acceptedAt: 1, closedAt: 1 })
    .lean<ClosedTicket[]>()
    .cursor();
  for await (const ticket of cursor as AsyncIterable<ClosedTicket>) {
    finished += 1;
    let row: { tickets: number; support: Mean } | undefined;
    if (ticket.userId) {
      const user = String(ticket.userId);
      row = perUser.get(user) ?? { tickets: 0, support: new Mean() };
      row.tickets += 1;
      perUser.set(user, row);
    }
    // A ticket resolved without ever being accepted has no support time.
    if (!ticket.acceptedAt) continue;
    const minutes = minutesBetween(ticket.acceptedAt, ticket.closedAt);
    overall.add(minutes);
    row?.support.add(minutes);
  }
  return { finished, avgSupportTime: overall.value(), perUser };
}

/** Minutes from creation to acceptance, over the tickets accepted within the period. */
async function averageWait(companyId: string, range: DashboardRange): Promise<number> {
  const wait = new Mean();
  const cursor = TicketModel.find({ companyId, acceptedAt: instants(range) })
    .select({ createdAt: 1, acceptedAt: 1 })
    .lean<AcceptedTicket[]>()
    .cursor();
  for await (const ticket of cursor as AsyncIterable<AcceptedTicket>) wait.add(minutesBetween(ticket.createdAt, ticket.acceptedAt));
  return wait.value();
}

/** Average rating per user, over the ratings given within the period. */
async function ratings(companyId: string, range: DashboardRange): Promise<Map<string, number>> {
  const rows = await TicketRatingModel.find({ companyId, createdAt: instants(range), userId: { $ne: null } })
    .select({ userId: 1, rate: 1 })
    .lean<{ userId: Types.ObjectId; rate: number }[]>();
  const means = new Map<string, Mean>();
  for (const row of rows) {
    const key = String(row.userId);
    const mean = means.get(key) ?? new Mean();
    mean.add(row.rate);
    means.set(key, mean);
  }
  return new Map([...means].map(([user, mean]) => [user, mean.value()]));
}

/** Tickets created within the range, counted by `field` (createdDay or createdHour or userId). */
async function countBy<K>(companyId: string, match: Record<string, unknown>, field: 'createdDay' | 'createdHour' | 'userId') {
  return TicketModel.aggregate<{ _id: K; total: number }>([
    { $match: { companyId: new Types.ObjectId(companyId), ...match } },
    { $group: { _id: `$${field}`, total: { $sum: 1 } } },
  ]);
}

function createdWithin(range: { initialDate: string; finalDate: string }) {
  return { createdDay: { $gte: range.initialDate, $lte: range.finalDate } };
}

/** Names by id, for the users among `ids` that still exist in the company. */
async function userNames(companyId: string, ids: Types.ObjectId[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const users = await UserModel.find({ companyId, _id: { $in: ids } }).select({ name: 1 }).lean<{ _id: Types.ObjectId; name: string }[]>();
  return new Map(users.map((user) => [String(user._id), user.name]));
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
      const resolved = resolveDashboardFilter(query, now);
      if ('problem' in resolved) {
        const { field, rule, message } = resolved.problem;
        throw new AppError('ERR_VALIDATION', { field, rule }, `query ${field}: ${message} (${rule})`);
      }
      const period = resolved.range;
      const companyId = targetCompany(actor, query.companyId);
      const [supportHappening, supportPending, leads, closed, avgWaitTime, rated, users] = await Promise.all([
        TicketModel.countDocuments({ companyId, status: 'open' }),
        TicketModel.countDocuments({ companyId, status: 'pending' }),
        ContactModel.countDocuments({ companyId, isGroup: false, createdAt: instants(period) }),
        closedTickets(companyId, period),
        averageWait(companyId, period),
        ratings(companyId, period),
        UserModel.find({ companyId }).select({ name: 1, online: 1 }).sort({ name: 1, _id: 1 }).lean<{ _id: Types.ObjectId; name: string; online: boolean }[]>(),
      ]);
      const attendants: DashboardAttendant[] = users.map((user) => {
        const id = String(user._id);
        const row = closed.perUser.get(id);
        return {
          id,
          name: user.name,
          rating: rated.get(id) ?? 0,
          avgSupportTime: row ? row.support.value() : 0,
          online: user.online,
          tickets: row?.tickets ?? 0,
        };
      });
      return {
        counters: {
          supportHappening,
          supportPending,
          supportFinished: closed.finished,
          leads,
          avgSupportTime: closed.avgSupportTime,
          avgWaitTime,
        },
        attendants,
        period,
      };
    },

    /** Tickets created within the range per assigned user (one row for the unassigned ones). */
    async ticketsUsers(actor: AuthCredentials, query: ChartQuery): Promise<TicketsUsersAnswer> {
      const companyId = targetCompany(actor, query.companyId);
      const groups = await countBy<Types.ObjectId | null>(companyId, createdWithin(query), 'userId');
      const names = await userNames(companyId, groups.flatMap((group) => (group._id ? [group._id] : [])));
      const data = groups.map((group) => {
        const userId = group._id ? String(group._id) : null;
        return { userId, nome: userId ? (names.get(userId) ?? null) : null, quantidade: group.total };
      });
      return { data: data.sort(byQuantity) };
    },

    /** Tickets created per day of the range, or per hour when the range is a single day. */
    async ticketsDay(actor: AuthCredentials, query: ChartQuery): Promise<TicketsDayAnswer> {
      const companyId = targetCompany(actor, query.companyId);
      if (query.initialDate === query.finalDate) {
        const groups = await countBy<number>(companyId, { createdDay: query.initialDate }, 'createdHour');
        const totals = new Map(groups.map((group) => [Number(group._id), group.total]));
        const data = Array.from({ length: 24 }, (_unused, hour) => ({ horario: `${String(hour).padStart(2, '0')}:00`, total: totals.get(hour) ?? 0 }));
        return { by: 'hour', data, count: data.reduce((sum, row) => sum + row.total, 0) };
      }
      const groups = await countBy<string>(companyId, createdWithin(query), 'createdDay');
      const totals = new Map(groups.map((group) => [group._id, group.total]));
      const data = Array.from({ length: daysInRange(query.initialDate, query.finalDate) }, (_unused, index) => {
        const day = addDays(query.initialDate, index);
        return { data: day, total: totals.get(day) ?? 0 };
      });
      return { by: 'day', data, count: data.reduce((sum, row) => sum + row.total, 0) };
    },
  };
}
