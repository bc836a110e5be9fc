/**
 * atende db seed-demo: a demo company made through the API as the super user (plan, company,
 * logins with known passwords), then as its admin and agents (demoCompany.ts). Safe to run again:
 * it completes what is missing and reports what is there.
 */
import type { TicketStatus, User, Whatsapp } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { connect, signedInAs } from '../support/client.js';
import type { Context } from '../support/context.js';
import { WaitFailed } from '../support/errors.js';
import { emit, table } from '../support/output.js';
import {
  assignQueues,
  connectionSettings,
  DEMO_COMPANY,
  DEMO_CONNECTION,
  DEMO_LOGINS,
  DEMO_PLAN,
  ensureQueuesAndTags,
  ensureQuietContact,
  ensureTeamChat,
  playCustomers,
} from './demoCompany.js';

const PAIRING_DEADLINE_MS = 20_000;

function yearFromNow(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** As the super user: plan, company (active, not expired) and its users with the known passwords. */
async function platformPart(operator: ApiClient) {
  const plan = (await operator.plans.all()).find((item) => item.name === DEMO_PLAN.name) ?? (await operator.plans.create(DEMO_PLAN));
  const existing = (await operator.companies.list()).find((item) => item.name === DEMO_COMPANY.name);
  const company = existing
    ? existing.status && new Date(existing.dueDate).getTime() > Date.now()
      ? existing
      : await operator.companies.update(existing.id, { status: true, dueDate: yearFromNow() })
    : await operator.companies.create({ ...DEMO_COMPANY, planId: plan.id, password: DEMO_LOGINS[0]!.password, dueDate: yearFromNow(), recurrence: 'ANUAL' });
  const users = await operator.users.list({ companyId: company.id });
  const ensured: User[] = [];
  for (const { name, email, password, profile } of DEMO_LOGINS) {
    const found = users.find((user) => user.email === email);
    ensured.push(found ? await operator.users.update(found.id, { password, profile }) : await operator.users.create({ name, email, password, profile, companyId: company.id }));
  }
  return { plan, company, users: ensured };
}

/** Polls the connection until the sandbox phone is paired (starting and scanning as needed). */
async function pairedConnection(ctx: Context, admin: ApiClient, id: string): Promise<Whatsapp> {
  const deadline = Date.now() + PAIRING_DEADLINE_MS;
  while (Date.now() < deadline) {
    const connection = await admin.whatsapp.get(id);
    if (connection.status === 'CONNECTED') return connection;
    if (connection.status === 'DISCONNECTED') await admin.whatsapp.startSession(id);
    if (connection.status === 'qrcode') return admin.sandbox.pair(id, { number: DEMO_CONNECTION.number });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new WaitFailed(ctx.t('demo.notPaired', { name: DEMO_CONNECTION.name, seconds: PAIRING_DEADLINE_MS / 1000 }));
}

/** How many tickets of each status the company has (the admin's show-all lists, every page). */
async function ticketCounts(admin: ApiClient): Promise<Record<TicketStatus, number> & { choosing: number }> {
  const counts = { open: 0, pending: 0, closed: 0, choosing: 0 };
  for (const status of ['open', 'pending', 'closed'] as const) {
    for (let pageNumber = 1; ; pageNumber += 1) {
      const { tickets, hasMore } = await admin.tickets.list({ status, showAll: true, pageNumber });
      counts[status] += tickets.length;
      if (status === 'pending') counts.choosing += tickets.filter((ticket) => !ticket.queueId).length;
      if (!hasMore) break;
    }
  }
  return counts;
}

export async function seedDemo(ctx: Context): Promise<void> {
  const { server, api } = await connect(ctx);
  const platform = await platformPart(api);
  const signIn = (key: string) => {
    const login = DEMO_LOGINS.find((item) => item.key === key)!;
    return signedInAs(server, { email: login.email, password: login.password });
  };
  const admin = await signIn('admin');
  const { queues, tags, quickMessages } = await ensureQueuesAndTags(admin);
  await assignQueues(admin, platform.users, queues);
  const existing = (await admin.whatsapp.list()).find((item) => item.name === DEMO_CONNECTION.name);
  const created = existing ? await admin.whatsapp.update(existing.id, connectionSettings(queues)) : await admin.whatsapp.create({ name: DEMO_CONNECTION.name, provider: 'sandbox', ...connectionSettings(queues) });
  const connection = await pairedConnection(ctx, admin, created.id);
  const userOf = (key: string) => platform.users.find((user) => user.email === DEMO_LOGINS.find((login) => login.key === key)!.email)!;
  // Signed in after their queues were set: an agent's session reads its queues at sign-in.
  const agents = { ana: { api: await signIn('ana'), user: userOf('ana') }, bruno: { api: await signIn('bruno'), user: userOf('bruno') } };
  await playCustomers(admin, agents, connection, tags);
  const scheduled = await ensureQuietContact(admin);
  const chat = await ensureTeamChat(admin, [agents.ana.user, agents.bruno.user]);
  const contacts = (await admin.contacts.list()).length;
  const tickets = await ticketCounts(admin);
  const kanban = tags.filter((tag) => tag.kanban === 1).length;

  const logins = DEMO_LOGINS.map(({ name, email, password, profile, queue }) => ({ name, email, password, profile, queue }));
  const { t } = ctx;
  const summary = { queues: queues.map((queue) => queue.name), tags: tags.length, kanbanLanes: kanban, quickMessages, contacts, tickets, chat, scheduled };
  emit(ctx, { plan: platform.plan, company: platform.company, connection, logins, ...summary }, () =>
    [
      t('demo.ready', { company: platform.company.name, id: platform.company.id }),
      t('demo.connection', { name: connection.name, id: connection.id, status: connection.status, queues: queues.map((queue) => queue.name).join(', ') }),
      t('demo.tickets', { pending: tickets.pending, choosing: tickets.choosing, open: tickets.open, closed: tickets.closed }),
      t('demo.summary', { tags: tags.length, kanban, quickMessages, contacts, scheduled: t('demo.scheduledCount', { count: scheduled }), chat }),
      '',
      t('demo.logins'),
      table(logins, [
        { label: t('common.name'), value: (login) => login.name },
        { label: t('common.email'), value: (login) => login.email },
        { label: t('demo.password'), value: (login) => login.password },
        { label: t('users.profile'), value: (login) => login.profile },
        { label: t('demo.queue'), value: (login) => login.queue ?? t('demo.allQueues') },
      ]),
      '',
      t('demo.tryIt', { server, connection: connection.id }),
    ].join('\n'),
  );
}
