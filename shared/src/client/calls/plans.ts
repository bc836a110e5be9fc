/** Plans (document 2): the public list for sign-up and the super-user management calls. */
import type { Plan, PlanFlags } from '../../domain/entities.js';
import type { Http } from '../http.js';

export interface PlanData extends Partial<PlanFlags> {
  name: string;
  users?: number;
  connections?: number;
  queues?: number;
  value?: number;
  payLink?: string | null;
}

export function planCalls(http: Http) {
  const one = (id: string) => `/plans/${encodeURIComponent(id)}`;
  return {
    /** Public: the sign-up page lists plans before anyone is logged in. */
    list: () => http.anonymous<Plan[]>('GET', '/plans/list'),
    all: () => http.request<Plan[]>('GET', '/plans/all'),
    get: (id: string) => http.request<Plan>('GET', one(id)),
    create: (data: PlanData) => http.request<Plan>('POST', '/plans', { body: data }),
    update: (id: string, data: Partial<PlanData>) => http.request<Plan>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
  };
}

export type PlanCalls = ReturnType<typeof planCalls>;
