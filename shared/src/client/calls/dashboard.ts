/** The dashboard (document 1 sections 2 and 7): admins and supervisors. Days are UTC days. */
import type { DashboardAnswer, DashboardPeriod, TicketsDayAnswer, TicketsUsersAnswer } from '../../domain/dashboard.js';
import type { Http } from '../http.js';

/**
 * GET /dashboard: a period (`days`, 0 = none) or dates (`date_from` and `date_to`, YYYY-MM-DD).
 * Nothing sent: the first day of the month to today. Sent but resolving to nothing (days 0, blank
 * dates): 400 ERR_VALIDATION, the web's "select a filter" toast (see resolveDashboardFilter).
 */
export type DashboardQuery = {
  days?: DashboardPeriod | '';
  date_from?: string;
  date_to?: string;
  /** Super users only: another company. */
  companyId?: string;
};

/** The charts' range: YYYY-MM-DD days, both included, at most DASHBOARD_MAX_RANGE_DAYS. */
export type DashboardChartQuery = {
  initialDate: string;
  finalDate: string;
  /** Super users only: another company. */
  companyId?: string;
};

export function dashboardCalls(http: Http) {
  return {
    get: (query: DashboardQuery = {}) => http.request<DashboardAnswer>('GET', '/dashboard', { query }),
    /** Tickets created in the range per assigned user, largest first (userId/nome null: unassigned). */
    ticketsUsers: (query: DashboardChartQuery) => http.request<TicketsUsersAnswer>('GET', '/dashboard/ticketsUsers', { query }),
    /** Tickets created per day of the range, or per hour (`by: 'hour'`) when the range is one day. */
    ticketsDay: (query: DashboardChartQuery) => http.request<TicketsDayAnswer>('GET', '/dashboard/ticketsDay', { query }),
  };
}

export type DashboardCalls = ReturnType<typeof dashboardCalls>;
