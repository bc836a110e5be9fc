/**
 * The dashboard's filter form (document 1 section 2): per date (1) with initial and final dates,
 * or per period (2) with the period select. What the form holds becomes GET /dashboard's query,
 * or null when it resolves to nothing (the "select a filter" toast).
 */
import { defaultDashboardRange, resolveDashboardFilter, type DashboardPeriod } from '@atende/shared';
import type { DashboardQuery } from '@atende/shared/client';

export type FilterType = 1 | 2;

export interface DashboardFilterForm {
  filterType: FilterType;
  dateFrom: string;
  dateTo: string;
  period: DashboardPeriod;
}

/** Per date, from the first day of the month to today. */
export function initialFilter(now: Date = new Date()): DashboardFilterForm {
  const range = defaultDashboardRange(now);
  return { filterType: 1, dateFrom: range.from, dateTo: range.to, period: 0 };
}

export function dashboardQuery(form: DashboardFilterForm, now: Date = new Date()): DashboardQuery | null {
  const query: DashboardQuery = form.filterType === 2 ? { days: form.period } : { date_from: form.dateFrom, date_to: form.dateTo };
  return 'range' in resolveDashboardFilter(query, now) ? query : null;
}
