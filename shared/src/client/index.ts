/** @atende/shared/client: the typed API client and the realtime client. */
export { createApiClient, type ApiClient, type ApiClientOptions } from './api.js';
export type { Credentials, HttpOptions } from './http.js';
export type { AuthCalls } from './calls/auth.js';
export type { CompanyCalls, CompanyData, CompanyPlan, CompanySignup } from './calls/companies.js';
export type { HelpCalls, HelpData } from './calls/helps.js';
export type { PageQuery } from './calls/page.js';
export type { PlanCalls, PlanData } from './calls/plans.js';
export type { SettingCalls } from './calls/settings.js';
export type { UserCalls, UserData } from './calls/users.js';
export { ApiError, NetworkError } from './errors.js';
export { memorySession, type Session, type SessionStore } from './session.js';
export { REFRESH_COOKIE } from './cookie.js';
export type { Fetch, HttpMethod, Query, QueryValue, RequestOptions } from './transport.js';
export {
  createRealtimeClient,
  type AccountOpenedElsewhere,
  type RealtimeApi,
  type RealtimeClient,
  type RealtimeEvent,
  type RealtimeOptions,
  type RealtimeStatus,
  type Unsubscribe,
  type WebSocketConstructor,
} from './realtime.js';
