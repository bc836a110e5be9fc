/** Fixtures made through the shared API client (faster than through the binary), as a super user would. */
import { PLAN_FLAGS, type PlanFlag } from '@atende/shared';
import { createApiClient, memorySession, type ApiClient } from '@atende/shared/client';
import { SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD } from '../../../scripts/testing/server.js';

export interface Signed {
  api: ApiClient;
  token: string;
  email: string;
  password: string;
}

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function signIn(server: string, email: string, password: string): Promise<Signed> {
  const api = createApiClient({ baseUrl: server, session: memorySession() });
  const answer = await api.auth.login({ email, password });
  return { api, token: answer.token, email, password };
}

export function signInSuper(server: string): Promise<Signed> {
  return signIn(server, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
}

export interface Tenant {
  companyId: string;
  planId: string;
  admin: Signed;
}

/** A company on a plan of its own (every feature unless told), with its admin signed in. */
export async function createTenant(server: string, operator: Signed, flags: Partial<Record<PlanFlag, boolean>> = {}): Promise<Tenant> {
  const plan = await operator.api.plans.create({ name: unique('Plan '), users: 5, connections: 3, queues: 3, value: 10, ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flags[flag] ?? true])) });
  const email = `${unique('admin')}@tenant.test`;
  const company = await operator.api.companies.create({ name: unique('Company '), email, planId: plan.id, password: 'tenant-pass' });
  return { companyId: company.id, planId: plan.id, admin: await signIn(server, email, 'tenant-pass') };
}

/** A member of the tenant with the given profile, signed in. */
export async function createMember(server: string, tenant: Tenant, profile: 'user' | 'supervisor' | 'admin' = 'user'): Promise<Signed & { id: string }> {
  const email = `${unique(profile)}@tenant.test`;
  const user = await tenant.admin.api.users.create({ name: `Member ${profile}`, email, password: 'member-pass', profile });
  return { ...(await signIn(server, email, 'member-pass')), id: user.id };
}

/** A sandbox connection of the tenant, paired (CONNECTED). */
export async function pairedSandbox(admin: ApiClient, name = unique('Sandbox ')): Promise<string> {
  const connection = await admin.whatsapp.create({ name, provider: 'sandbox' });
  await eventually(async () => (await admin.whatsapp.get(connection.id)).status === 'qrcode', 'QR shown');
  await admin.sandbox.pair(connection.id, {});
  return connection.id;
}

export async function eventually(check: () => Promise<boolean>, label: string, ms = 8_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${label}: not reached in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
