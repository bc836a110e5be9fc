/** The typed API client: the session-aware core plus one group of calls per spec area. */
import type { HealthAnswer } from '../domain/entities.js';
import { authCalls } from './calls/auth.js';
import { companyCalls } from './calls/companies.js';
import { helpCalls } from './calls/helps.js';
import { planCalls } from './calls/plans.js';
import { settingCalls } from './calls/settings.js';
import { userCalls } from './calls/users.js';
import { createHttp, type HttpOptions } from './http.js';

export type ApiClientOptions = HttpOptions;

export function createApiClient(options: ApiClientOptions) {
  const http = createHttp(options);
  return {
    session: options.session,
    /** Any other call of the API, relative to `/api` (e.g. `request('GET', '/tickets', { query })`). */
    request: http.request,
    auth: authCalls(http),
    companies: companyCalls(http),
    plans: planCalls(http),
    users: userCalls(http),
    settings: settingCalls(http),
    helps: helpCalls(http),
    health: () => http.anonymous<HealthAnswer>('GET', '/health'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
