import { Joi } from './joi.js';
import { DASHBOARD_MAX_RANGE_DAYS, DASHBOARD_PERIODS, daysInRange, isCalendarDay } from '../domain/dashboard.js';
import { calendarDay, id } from './common.js';

const day = calendarDay;

/**
 * The end of a range: not before its start (`fromKey`, a sibling field) and at most
 * DASHBOARD_MAX_RANGE_DAYS days long.
 */
function rangeEnd(fromKey: string) {
  return day
    .custom((value: string, helpers) => {
      const from = (helpers.state.ancestors[0] as Record<string, unknown>)[fromKey];
      if (typeof from !== 'string' || !isCalendarDay(from)) return value;
      const length = daysInRange(from, value);
      if (length < 1) return helpers.error('date.order', { from: fromKey });
      if (length > DASHBOARD_MAX_RANGE_DAYS) return helpers.error('date.range', { limit: DASHBOARD_MAX_RANGE_DAYS });
      return value;
    })
    .messages({
      'date.order': '{{#label}} must not be before {{#from}}',
      'date.range': '{{#label}} must be at most {{#limit}} days after the start, both included',
    });
}

/**
 * GET /dashboard: `days` (a period of DASHBOARD_PERIODS; 0 means none) or `date_from` with
 * `date_to`; empty strings stand for fields the form left blank. How they combine (nothing sent:
 * the default; sent but resolving to no filter: refused) is resolveDashboardFilter's.
 */
export const dashboardQuery = Joi.object({
  days: Joi.number()
    .integer()
    .valid(...DASHBOARD_PERIODS)
    .allow('')
    .messages({ 'any.only': `{{#label}} must be one of ${DASHBOARD_PERIODS.join(', ')}` }),
  date_from: day.allow(''),
  date_to: rangeEnd('date_from').allow(''),
  /** Super users only: another company (everyone else always sees their own). */
  companyId: id,
});

/** GET /dashboard/ticketsUsers and /dashboard/ticketsDay: an inclusive range of UTC days. */
export const dashboardChartQuery = Joi.object({
  initialDate: day.required(),
  finalDate: rangeEnd('initialDate').required(),
  /** Super users only: another company (everyone else always sees their own). */
  companyId: id,
});
