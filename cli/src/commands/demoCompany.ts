/**
 * The demo company's contents and how they are made through the API, idempotently: each run finds
 * what an earlier run made (by name, e-mail or number) and only adds what is missing. The data is
 * in Portuguese like the product's home market (it is content, not interface text).
 *
 * What a demo login sees at once: two queues behind the connection's chatbot menu, customers in
 * every state (waiting in a queue, still choosing one, in service with each agent, closed), tags,
 * kanban lanes holding tickets, quick answers, a team chat and a scheduled message.
 */
import { PLAN_FLAGS, type Queue, type Tag, type Ticket, type User, type Whatsapp } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';

export const DEMO_PLAN = { name: 'Demo', users: 10, connections: 3, queues: 5, value: 0, ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) };
export const DEMO_COMPANY = { name: 'Atende Demo', email: 'admin@atende-demo.test', phone: '11999990000' };

export type DemoLogin = { key: 'admin' | 'ana' | 'bruno'; name: string; email: string; password: string; profile: 'admin' | 'user'; queue: string | null };
export const DEMO_LOGINS: DemoLogin[] = [
  { key: 'admin', name: 'Admin Demo', email: DEMO_COMPANY.email, password: 'demo-admin', profile: 'admin', queue: null },
  { key: 'ana', name: 'Ana Vendas', email: 'ana@atende-demo.test', password: 'demo-agent', profile: 'user', queue: 'Vendas' },
  { key: 'bruno', name: 'Bruno Suporte', email: 'bruno@atende-demo.test', password: 'demo-agent', profile: 'user', queue: 'Suporte' },
];

/** In menu order: a new customer answers 1 for Vendas, 2 for Suporte. */
const QUEUES = [
  { name: 'Vendas', color: '#1d4ed8', orderQueue: 1, greetingMessage: 'Você está no setor de vendas. Um atendente já vai falar com você.' },
  { name: 'Suporte', color: '#15803d', orderQueue: 2, greetingMessage: 'Você está no suporte técnico. Conte o que aconteceu, por favor.' },
];
const TAGS = [
  { name: 'Cliente VIP', color: '#a16207', kanban: 0 as const },
  { name: 'Orçamento', color: '#7e22ce', kanban: 0 as const },
  { name: 'Reclamação', color: '#b91c1c', kanban: 0 as const },
  { name: 'Em andamento', color: '#0e7490', kanban: 1 as const },
  { name: 'Aguardando cliente', color: '#c2410c', kanban: 1 as const },
];
const QUICK_MESSAGES = [
  { shortcode: 'bomdia', message: 'Bom dia, {{name}}! Como posso ajudar?' },
  { shortcode: 'pix', message: 'Nossa chave Pix é o CNPJ 00.000.000/0001-00.' },
  { shortcode: 'horario', message: 'Atendemos de segunda a sexta, das 8h às 18h.' },
];
export const DEMO_CONNECTION = {
  name: 'Demo Sandbox',
  number: '5511900000000',
  greetingMessage: 'Olá! Bem-vindo à Atende Demo. Com quem você quer falar?',
};

type CustomerState = 'waiting' | 'choosing' | 'inService' | 'closed';
interface DemoCustomer {
  number: string;
  name: string;
  /** What the customer writes, in order (a "1" or "2" answers the chatbot's menu). */
  says: string[];
  state: CustomerState;
  agent?: 'ana' | 'bruno';
  reply?: string;
  tags?: string[];
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  { number: '5511987650001', name: 'Carla Souza', says: ['Olá, gostaria de um orçamento para 50 unidades.', '1'], state: 'waiting', tags: ['Orçamento'] },
  { number: '5511987650007', name: 'Igor Pereira', says: ['Minha impressora parou de funcionar.', '2'], state: 'waiting' },
  { number: '5511987650003', name: 'Elisa Martins', says: ['Vocês abrem no sábado?'], state: 'choosing' },
  {
    number: '5511987650006',
    name: 'Helena Costa',
    says: ['Bom dia! Vocês têm a linha premium em estoque?', '1'],
    state: 'inService',
    agent: 'ana',
    reply: 'Bom dia, Helena! Temos sim. Posso separar para você?',
    tags: ['Cliente VIP', 'Aguardando cliente'],
  },
  {
    number: '5511987650002',
    name: 'Diego Lima',
    says: ['Meu pedido não chegou ainda.', '2', 'O número é 4512.'],
    state: 'inService',
    agent: 'bruno',
    reply: 'Oi, Diego! Já estou verificando o pedido 4512.',
    tags: ['Reclamação', 'Em andamento'],
  },
  {
    number: '5511987650005',
    name: 'Gabriel Alves',
    says: ['Oi! Qual o prazo de entrega para Curitiba?', '1'],
    state: 'closed',
    agent: 'ana',
    reply: 'Olá, Gabriel! Para Curitiba o prazo é de 3 dias úteis.',
  },
];
/** A contact without conversations, with a message scheduled for tomorrow. */
const QUIET_CONTACT = { name: 'Fábio Rocha', number: '5511987650004', email: 'fabio@cliente.test' };
const SCHEDULED_BODY = 'Olá, {{firstName}}! Lembrete: seu orçamento vence amanhã.';
const TEAM_CHAT = { title: 'Equipe', message: 'Bem-vindos à Atende Demo! Os clientes esperando estão na aba Aguardando.' };

export interface DemoContents {
  queues: Queue[];
  tags: Tag[];
  quickMessages: number;
  contacts: number;
  chat: string;
  scheduled: number;
}

export async function ensureQueuesAndTags(admin: ApiClient): Promise<{ queues: Queue[]; tags: Tag[]; quickMessages: number }> {
  const queues = await admin.queues.list();
  for (const wanted of QUEUES) if (!queues.some((queue) => queue.name === wanted.name)) queues.push(await admin.queues.create(wanted));
  const tags = await admin.tags.list();
  for (const wanted of TAGS) if (!tags.some((tag) => tag.name === wanted.name)) tags.push(await admin.tags.create(wanted));
  const quickMessages = await admin.quickMessages.list();
  for (const wanted of QUICK_MESSAGES) {
    if (!quickMessages.some((item) => item.shortcode === wanted.shortcode)) quickMessages.push(await admin.quickMessages.create({ ...wanted, geral: true }));
  }
  return { queues: queues.filter((queue) => QUEUES.some((wanted) => wanted.name === queue.name)), tags, quickMessages: quickMessages.length };
}

/** Each agent serves their queue. */
export async function assignQueues(admin: ApiClient, users: User[], queues: Queue[]): Promise<void> {
  for (const login of DEMO_LOGINS) {
    const queue = queues.find((item) => item.name === login.queue);
    const user = users.find((item) => item.email === login.email);
    if (queue && user && !user.queueIds.includes(queue.id)) await admin.users.update(user.id, { queueIds: [queue.id] });
  }
}

/** The connection offers both queues through the chatbot's menu (also on an earlier demo's connection). */
export function connectionSettings(queues: Queue[]) {
  return { greetingMessage: DEMO_CONNECTION.greetingMessage, queueIds: queues.map((queue) => queue.id), isDefault: true };
}

async function ticketOf(admin: ApiClient, number: string): Promise<Ticket> {
  const { tickets } = await admin.tickets.list({ searchParam: number, showAll: true });
  const ticket = tickets.find((item) => item.contact?.number === number) ?? tickets[0];
  if (!ticket) throw new Error(`the demo customer ${number} has no ticket`);
  return ticket;
}

/** The customers write (only those not met before), and the agents take them to their state. */
export async function playCustomers(admin: ApiClient, agents: Record<'ana' | 'bruno', { api: ApiClient; user: User }>, connection: Whatsapp, tags: Tag[]): Promise<void> {
  const known = new Set((await admin.contacts.list()).map((contact) => contact.number));
  for (const customer of DEMO_CUSTOMERS.filter((item) => !known.has(item.number))) {
    for (const body of customer.says) await admin.sandbox.send(connection.id, { from: customer.number, name: customer.name, body });
    const ticket = await ticketOf(admin, customer.number);
    for (const name of customer.tags ?? []) {
      const tag = tags.find((item) => item.name === name);
      if (tag) await admin.tags.addToTicket(ticket.id, tag.id);
    }
    if (!customer.agent) continue;
    const agent = agents[customer.agent];
    await agent.api.tickets.update(ticket.id, { status: 'open', userId: agent.user.id });
    if (customer.reply) await agent.api.messages.send(ticket.id, { body: customer.reply });
    if (customer.state === 'closed') await agent.api.tickets.update(ticket.id, { status: 'closed' });
  }
}

/** The quiet contact, with a reminder scheduled for tomorrow at 10:00. */
export async function ensureQuietContact(admin: ApiClient): Promise<number> {
  const contacts = await admin.contacts.list();
  const quiet = contacts.find((contact) => contact.number === QUIET_CONTACT.number) ?? (await admin.contacts.create(QUIET_CONTACT));
  const { schedules } = await admin.schedules.page({ contactId: quiet.id });
  if (schedules.length === 0) {
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setHours(10, 0, 0, 0);
    await admin.schedules.create({ body: SCHEDULED_BODY, contactId: quiet.id, sendAt: tomorrow.toISOString() });
    return 1;
  }
  return schedules.length;
}

/** The team's chat, with the admin's welcome. */
export async function ensureTeamChat(admin: ApiClient, members: User[]): Promise<string> {
  const { records } = await admin.chats.page({ searchParam: TEAM_CHAT.title });
  if (records.some((chat) => chat.title === TEAM_CHAT.title)) return TEAM_CHAT.title;
  const chat = await admin.chats.create({ title: TEAM_CHAT.title, users: members.map((member) => member.id) });
  await admin.chats.send(chat.id, { message: TEAM_CHAT.message });
  return TEAM_CHAT.title;
}
