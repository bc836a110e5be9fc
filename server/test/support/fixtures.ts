/** Companies, plans and users made through the real API, as a super user would. */
import { expect } from 'chai';
import { PLAN_FLAGS, type PlanFlag } from '@atende/shared';
import { SUPER_EMAIL, SUPER_PASSWORD, type Answer, type TestApp } from './app.js';

export interface Session {
  token: string;
  cookie: string;
  user: { id: string; companyId: string; profile: string; super: boolean };
}

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export function refreshCookie(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('jrt='));
  if (!cookie) throw new Error('no refresh cookie in the answer');
  return cookie.split(';')[0]!;
}

export async function login(t: TestApp, email: string, password: string): Promise<Session> {
  const answer = await t.call('POST', '/auth/login', { body: { email, password } });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  return { token: answer.body.token, cookie: refreshCookie(answer.headers), user: answer.body.user };
}

export function loginSuper(t: TestApp): Promise<Session> {
  return login(t, SUPER_EMAIL, SUPER_PASSWORD);
}

export async function createPlan(t: TestApp, admin: Session, fields: Partial<Record<PlanFlag, boolean>> & { users?: number; name?: string } = {}) {
  const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, fields[flag] ?? false]));
  const answer = await t.call('POST', '/plans', { token: admin.token, body: { name: fields.name ?? unique('Plan '), users: fields.users ?? 5, connections: 2, queues: 3, value: 99.9, ...flags } });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body as { id: string; name: string };
}

export interface Tenant {
  companyId: string;
  admin: Session;
  adminEmail: string;
  password: string;
}

/** A company with its admin, created by the super user, logged in. */
export async function createTenant(t: TestApp, superUser: Session, options: { planId?: string; dueDate?: string } = {}): Promise<Tenant> {
  const planId = options.planId ?? (await createPlan(t, superUser)).id;
  const adminEmail = `${unique('admin')}@tenant.test`;
  const password = 'tenant-pass';
  const created = await t.call('POST', '/companies', {
    token: superUser.token,
    body: { name: unique('Company '), email: adminEmail, planId, password, ...(options.dueDate ? { dueDate: options.dueDate } : {}) },
  });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  const admin = await login(t, adminEmail, password);
  return { companyId: created.body.id, admin, adminEmail, password };
}

/** A user of the tenant with the given profile, logged in. */
export async function createMember(t: TestApp, tenant: Tenant, profile: 'user' | 'supervisor' | 'admin' = 'user', extra: Record<string, unknown> = {}): Promise<Session & { email: string }> {
  const email = `${unique(profile)}@tenant.test`;
  const created = await t.call('POST', '/users', { token: tenant.admin.token, body: { name: `Member ${profile}`, email, password: 'member-pass', profile, ...extra } });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return { ...(await login(t, email, 'member-pass')), email };
}

/** A well-formed id that names nothing. */
export const MISSING_ID = '0123456789abcdef01234567';

export function expectError(answer: Answer, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
  expect(answer.body.error).to.equal(code);
}

/** A 400 ERR_VALIDATION naming the field. */
export function expectInvalid(answer: Answer, field: string): void {
  expectError(answer, 400, 'ERR_VALIDATION');
  expect(answer.body.field, JSON.stringify(answer.body)).to.equal(field);
}
