import type { Plugin } from '@hapi/hapi';
import { dashboardChartQuery, dashboardQuery } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, query } from '../../platform/http/routes.js';
import { createDashboardService, type ChartQuery, type DashboardQuery } from './service.js';

/**
 * The dashboard is an admin screen (document 1 section 6); supervisors, who already oversee the
 * users list, read it too. Every figure is of the caller's company (super users may name one).
 */
export const dashboardRoutes: Plugin<AppContext> = {
  name: 'dashboard',
  register(server) {
    const dashboard = createDashboardService();
    const tags = ['api', 'dashboard'];
    const managers = { access: { profiles: ['admin' as const, 'supervisor' as const] } };

    server.route([
      {
        method: 'GET',
        path: '/dashboard',
        options: {
          tags,
          description:
            'Counters and attendants for a period (days) or a date range (date_from, date_to; days of the company time zone); nothing sent: first day of the month to today',
          plugins: managers,
          validate: { query: dashboardQuery },
        },
        handler: (request) => dashboard.summary(actor(request), query<DashboardQuery>(request)),
      },
      {
        method: 'GET',
        path: '/dashboard/ticketsUsers',
        options: {
          tags,
          description: 'Tickets created between initialDate and finalDate (days of the company time zone) per assigned user: { data: [{ nome, quantidade }] }',
          plugins: managers,
          validate: { query: dashboardChartQuery },
        },
        handler: (request) => dashboard.ticketsUsers(actor(request), query<ChartQuery>(request)),
      },
      {
        method: 'GET',
        path: '/dashboard/ticketsDay',
        options: {
          tags,
          description: 'Tickets created per day between initialDate and finalDate (days of the company time zone), or per hour for a single day, zeros included',
          plugins: managers,
          validate: { query: dashboardChartQuery },
        },
        handler: (request) => dashboard.ticketsDay(actor(request), query<ChartQuery>(request)),
      },
    ]);
  },
};
