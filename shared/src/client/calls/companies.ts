/** Companies (document 2, settings/companies): sign-up, super-user management, schedules, plan flags. */
import type { Recurrence } from '../../domain/enums.js';
import type { CompaniesPage, Company, Plan, ScheduleRow } from '../../domain/entities.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

/** POST /companies/cadastro; trial, recurrence and status are decided by the server. */
export interface CompanySignup {
  name: string;
  email: string;
  phone?: string;
  password: string;
  planId: string;
  /** The company whose sign-up link was followed (/signup?companyId=). */
  companyId?: string;
}

export interface CompanyData {
  name: string;
  email?: string | null;
  phone?: string | null;
  planId: string;
  status?: boolean;
  campaignsEnabled?: boolean;
  dueDate?: string;
  recurrence?: Recurrence;
  billingName?: string | null;
  billingAddress?: string | null;
  /** On creation: also creates the company's first admin with this password. */
  password?: string;
}

/** GET /companies/listPlan/{companyId}: the company with its plan, whose flags gate the menu. */
export interface CompanyPlan extends Pick<Company, 'id' | 'name'> {
  plan: Plan;
}

export function companyCalls(http: Http) {
  const one = (id: string) => `/companies/${encodeURIComponent(id)}`;
  return {
    signup: (data: CompanySignup) => http.anonymous<Company>('POST', '/companies/cadastro', { body: data }),
    page: (query: PageQuery = {}) => http.request<CompaniesPage>('GET', '/companies', { query }),
    list: () => http.request<Company[]>('GET', '/companies/list'),
    get: (id: string) => http.request<Company>('GET', one(id)),
    create: (data: CompanyData) => http.request<Company>('POST', '/companies', { body: data }),
    update: (id: string, data: Partial<CompanyData>) => http.request<Company>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    renew: (id: string) => http.request<Company>('POST', `${one(id)}/renew`),
    updateSchedules: (id: string, schedules: ScheduleRow[]) =>
      http.request<Company>('PUT', `${one(id)}/schedules`, { body: { schedules } }),
    listPlan: (companyId: string) =>
      http.request<CompanyPlan>('GET', `/companies/listPlan/${encodeURIComponent(companyId)}`),
  };
}

export type CompanyCalls = ReturnType<typeof companyCalls>;
