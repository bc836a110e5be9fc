/** Wire shapes of the entities of this release. Ids are strings; dates are ISO strings. */
import type { AllTicket, Language, PlanFlag, Profile, Recurrence } from './enums.js';

export type PlanFlags = Record<PlanFlag, boolean>;

export interface Plan extends PlanFlags {
  id: string;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  payLink: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ScheduleRow {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export interface Setting {
  key: string;
  value: string;
}

export interface Company {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  planId: string;
  plan?: Plan;
  status: boolean;
  campaignsEnabled: boolean;
  dueDate: string;
  recurrence: Recurrence;
  trialExpiration: string | null;
  /** Who the invoices are made out to, and where (the company's name and no address when unset). */
  billingName: string | null;
  billingAddress: string | null;
  /** The company whose sign-up link (/signup?companyId=) this one came through. */
  referrerCompanyId: string | null;
  schedules: ScheduleRow[];
  settings?: Setting[];
  createdAt: string;
  updatedAt: string;
}

export interface UserQueue {
  id: string;
  name: string;
  color: string;
}

export interface User {
  id: string;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  companyId: string;
  company?: Pick<Company, 'id' | 'name' | 'dueDate' | 'settings' | 'billingName' | 'billingAddress'> & { plan?: Plan };
  queueIds: string[];
  queues?: UserQueue[];
  whatsappId: string | null;
  allTicket: AllTicket;
  language: Language | null;
  online: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Payloads of the `user` channel: profile changes and presence (online) alike. */
export type UserEvent = { action: 'create' | 'update'; user: User } | { action: 'delete'; userId: string };

export interface Help {
  id: string;
  title: string;
  description: string;
  video: string;
  createdAt: string;
  updatedAt: string;
}

/** Answer of POST /auth/login and POST /auth/refresh_token. */
/**
 * The kind of program a session is for. `console` (the web console and the terminal inbox) is
 * the spec's one session per user: a sign-in tells the user's other console sessions that the
 * account was opened elsewhere. The operators' CLI signs in as `cli`, counted apart, so that
 * `atende` and a console on one machine never throw each other out.
 */
export const SESSION_CLIENTS = ['console', 'cli'] as const;
export type SessionClient = (typeof SESSION_CLIENTS)[number];

export interface AuthAnswer {
  token: string;
  user: User;
  /** Days before the subscription ends, present when fewer than SUBSCRIPTION_WARNING_DAYS remain. */
  dueWarningDays?: number;
}

export interface ErrorAnswer {
  error: string;
  message: string;
  /** Extra data of some errors (ERR_OTHER_OPEN_TICKET carries the ticket, expired login the date). */
  [extra: string]: unknown;
}

export interface UsersPage {
  users: User[];
  count: number;
  hasMore: boolean;
}

export interface CompaniesPage {
  companies: Company[];
  count: number;
  hasMore: boolean;
}

export interface HelpsPage {
  records: Help[];
  count: number;
  hasMore: boolean;
}

export interface HealthAnswer {
  status: 'ok' | 'degraded';
  version: string;
  database: { state: 'connected' | 'disconnected' | 'connecting'; engine: 'embedded' | 'external' };
  /** Several nodes (ATENDE_REDIS_URL) only: the Redis they share. */
  redis?: { state: 'connected' | 'disconnected' };
  uptimeSeconds: number;
}
