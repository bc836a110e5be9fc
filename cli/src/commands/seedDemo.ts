/**
 * atende db seed-demo: a demo company made through the API as the super user, idempotent (each
 * run finds what an earlier run made, by name, e-mail or number, and only adds what is missing):
 * plan, company, an admin and two agents with known passwords, two queues, tags, quick messages,
 * a paired sandbox connection, a few contacts and customer messages so the inbox has tickets.
 * The demo's contents are data, in Portuguese like the product's home market, not interface text.
 */
import { PLAN_FLAGS, type User, type Whatsapp } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { connect, signedInAs } from '../support/client.js';
import type { Context } from '../support/context.js';
import { WaitFailed } from '../support/errors.js';
import { emit, table } from '../support/output.js';

const PLAN = { name: 'Demo', users: 10, connections: 3, queues: 5, value: 0, ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) };
const COMPANY = { name: 'Atende Demo', email: 'admin@atende-demo.test', phone: '11999990000' };
const USERS = [
  { name: 'Admin Demo', email: COMPANY.email, password: 'demo-admin', profile: 'admin' as const, queue: null },
  { name: 'Ana Vendas', email: 'ana@atende-demo.test', password: 'demo-agent', profile: 'user' as const, queue: 'Vendas' },
  { name: 'Bruno Suporte', email: 'bruno@atende-demo.test', password: 'demo-agent', profile: 'user' as const, queue: 'Suporte' },
];
const QUEUES = [
  { name: 'Vendas', color: '#1d4ed8', greetingMessage: 'Olá! Você está no setor de vendas.' },
  { name: 'Suporte', color: '#15803d', greetingMessage: 'Olá! Você está no suporte técnico.' },
];
const TAGS = [
  { name: 'Cliente VIP', color: '#a16207' },
  { name: 'Orçamento', color: '#7e22ce' },
  { name: 'Reclamação', color: '#b91c1c' },
];
const QUICK_MESSAGES = [
  { shortcode: 'bomdia', message: 'Bom dia, {{name}}! Como posso ajudar?' },
  { shortcode: 'pix', message: 'Nossa chave Pix é o CNPJ 00.000.000/0001-00.' },
  { shortcode: 'horario', message: 'Atendemos de segunda a sexta, das 8h às 18h.' },
];
const CONNECTION = { name: 'Demo Sandbox', number: '5511900000000' };
const CUSTOMERS = [
  { number: '5511987650001', name: 'Carla Souza', messages: ['Olá, gostaria de um orçamento para 50 unidades.'] },
  { number: '5511987650002', name: 'Diego Lima', messages: ['Meu pedido não chegou ainda.', 'O número é 4512.'] },
  { number: '5511987650003', name: 'Elisa Martins', messages: ['Vocês abrem no sábado?'] },
];
const QUIET_CONTACT = { name: 'Fábio Rocha', number: '5511987650004', email: 'fabio@cliente.test' };

const PAIRING_DEADLINE_MS = 20_000;

function yearFromNow(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** As the super user: plan, company (active, not expired) and its users with the known passwords. */
async function platformPart(operator: ApiClient) {
  const plan = (await operator.plans.all()).find((item) => item.name === PLAN.name) ?? (await operator.plans.create(PLAN));
  const existing = (await operator.companies.list()).find((item) => item.name === COMPANY.name);
  const company = existing
    ? existing.status && new Date(existing.dueDate).getTime() > Date.now()
      ? existing
      : await operator.companies.update(existing.id, { status: true, dueDate: yearFromNow() })
    : await operator.companies.create({ ...COMPANY, planId: plan.id, password: USERS[0]!.password, dueDate: yearFromNow(), recurrence: 'ANUAL' });
  const users = await operator.users.list({ companyId: company.id });
  const ensured: User[] = [];
  for (const wanted of USERS) {
    const { queue: _queue, ...data } = wanted;
    const found = users.find((user) => user.email === wanted.email);
    ensured.push(found ? await operator.users.update(found.id, { password: wanted.password, profile: wanted.profile }) : await operator.users.create({ ...data, companyId: company.id }));
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
    if (connection.status === 'qrcode') return admin.sandbox.pair(id, { number: CONNECTION.number });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new WaitFailed(ctx.t('demo.notPaired', { name: CONNECTION.name, seconds: PAIRING_DEADLINE_MS / 1000 }));
}

/** As the company's admin: queues, agents' queues, tags, quick messages, connection, customers. */
async function companyPart(ctx: Context, admin: ApiClient, users: User[]) {
  const queues = await admin.queues.list();
  for (const wanted of QUEUES) if (!queues.some((queue) => queue.name === wanted.name)) queues.push(await admin.queues.create(wanted));
  for (const wanted of USERS) {
    const queue = queues.find((item) => item.name === wanted.queue);
    const user = users.find((item) => item.email === wanted.email);
    if (queue && user && !user.queueIds.includes(queue.id)) await admin.users.update(user.id, { queueIds: [queue.id] });
  }
  const tags = await admin.tags.list();
  for (const wanted of TAGS) if (!tags.some((tag) => tag.name === wanted.name)) tags.push(await admin.tags.create(wanted));
  const quickMessages = await admin.quickMessages.list();
  for (const wanted of QUICK_MESSAGES) {
    if (!quickMessages.some((item) => item.shortcode === wanted.shortcode)) quickMessages.push(await admin.quickMessages.create({ ...wanted, geral: true }));
  }
  const existing = (await admin.whatsapp.list()).find((item) => item.name === CONNECTION.name);
  const connection = await pairedConnection(ctx, admin, (existing ?? (await admin.whatsapp.create({ name: CONNECTION.name, provider: 'sandbox', isDefault: true }))).id);
  const known = new Set((await admin.contacts.list()).map((contact) => contact.number));
  for (const customer of CUSTOMERS.filter((item) => !known.has(item.number))) {
    for (const body of customer.messages) await admin.sandbox.send(connection.id, { from: customer.number, name: customer.name, body });
  }
  if (!known.has(QUIET_CONTACT.number)) await admin.contacts.create(QUIET_CONTACT);
  return { queues, tags, quickMessages, connection };
}

export async function seedDemo(ctx: Context): Promise<void> {
  const { server, api } = await connect(ctx);
  const platform = await platformPart(api);
  const admin = await signedInAs(server, { email: USERS[0]!.email, password: USERS[0]!.password });
  const company = await companyPart(ctx, admin, platform.users);
  const logins = USERS.map(({ name, email, password, profile }) => ({ name, email, password, profile }));
  const { t } = ctx;
  emit(ctx, { ...platform, ...company, logins, customers: CUSTOMERS.map(({ number, name }) => ({ number, name })) }, () =>
    [
      t('demo.ready', { company: platform.company.name, id: platform.company.id }),
      t('demo.connection', { name: company.connection.name, id: company.connection.id, status: company.connection.status }),
      t('demo.summary', { queues: company.queues.length, tags: company.tags.length, quickMessages: company.quickMessages.length, customers: CUSTOMERS.length + 1 }),
      '',
      t('demo.logins'),
      table(logins, [
        { label: t('common.name'), value: (login) => login.name },
        { label: t('common.email'), value: (login) => login.email },
        { label: t('demo.password'), value: (login) => login.password },
        { label: t('users.profile'), value: (login) => login.profile },
      ]),
    ].join('\n'),
  );
}
