/**
 * A company to test the inbox against, made through the shared client on a spawned server: its
 * admin (created with the company by the super admin), a queue, an agent in that queue and a
 * paired sandbox connection serving the queue; customers write through the sandbox phone.
 */
import { createApiClient, memorySession, type ApiClient } from '@atende/shared/client';
import type { Language, Queue, User, Whatsapp } from '@atende/shared';
import { SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, type SpawnedServer } from '../../../scripts/testing/server.js';
import { until } from './until.js';

export interface Account {
  email: string;
  password: string;
}

export interface TestCompany {
  companyId: string;
  super: ApiClient;
  admin: ApiClient;
  adminAccount: Account;
  queue: Queue;
  agent: User;
  agentAccount: Account;
  whatsapp: Whatsapp;
}

const YEAR_MS = 365 * 24 * 3_600_000;
let sequence = 0;

export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

export async function signedIn(server: SpawnedServer, account: Account): Promise<ApiClient> {
  const api = createApiClient({ baseUrl: server.url, session: memorySession() });
  await api.auth.login(account);
  return api;
}

export async function createCompany(server: SpawnedServer, options: { agentLanguage?: Language } = {}): Promise<TestCompany> {
  const superApi = await signedIn(server, { email: SERVER_SUPER_EMAIL, password: SERVER_SUPER_PASSWORD });
  const [plan] = await superApi.plans.all();
  const adminAccount = { email: `${unique('admin')}@inbox.test`, password: 'admin-secret' };
  const company = await superApi.companies.create({
    name: unique('Loja '),
    email: adminAccount.email,
    password: adminAccount.password,
    planId: plan!.id,
    dueDate: new Date(Date.now() + YEAR_MS).toISOString(),
  });
  const admin = await signedIn(server, adminAccount);
  const queue = await admin.queues.create({ name: 'Suporte', color: '#1d4ed8', greetingMessage: 'Olá!' });
  const agentAccount = { email: `${unique('agent')}@inbox.test`, password: 'agent-secret' };
  const agent = await admin.users.create({
    name: 'Ana Agente',
    ...agentAccount,
    profile: 'user',
    queueIds: [queue.id],
    ...(options.agentLanguage ? { language: options.agentLanguage } : {}),
  });
  const created = await admin.whatsapp.create({ name: 'Sandbox', provider: 'sandbox', isDefault: true, queueIds: [queue.id] });
  await until(async () => (await admin.whatsapp.get(created.id)).status === 'qrcode', 'the sandbox connection shows its QR');
  const whatsapp = await admin.sandbox.pair(created.id);
  return { companyId: company.id, super: superApi, admin, adminAccount, queue, agent, agentAccount, whatsapp };
}

let customers = 0;

/** A customer number of the test run (digits, unique). */
export function customerNumber(): string {
  customers += 1;
  return `5511${String(Date.now()).slice(-6)}${String(customers).padStart(3, '0')}`;
}

/** A customer writes on the sandbox phone. */
export function customerSays(company: TestCompany, from: string, name: string, body: string): Promise<{ providerMessageId: string }> {
  return company.admin.sandbox.send(company.whatsapp.id, { from, name, body });
}

/** What the customer's phone received. */
export async function received(company: TestCompany, to: string) {
  return (await company.admin.sandbox.outbox(company.whatsapp.id, { to })).messages;
}
