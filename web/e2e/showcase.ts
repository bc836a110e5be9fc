/**
 * The super admin's company filled as a working inbox (queues, a sandbox phone, waiting and open
 * tickets with messages and emoji, tags on the kanban, contacts, quick answers, an announcement,
 * an internal chat, a help video), and every page of the console with how to reach it. The
 * accessibility scan, the narrow-screen check and the screenshots walk the same pages.
 */
import type { Page } from 'playwright-core';
import type { Ticket } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { pairedSandbox } from './support.js';

export interface Showcase {
  /** A ticket with a conversation, open and assigned to the super admin. */
  open: Ticket;
}

async function waitForTicket(api: ApiClient, number: string): Promise<Ticket> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = (await api.tickets.list({ searchParam: number, showAll: true })).tickets.find((ticket) => ticket.contact?.number === number);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ticket for ${number}`);
}

export async function seedShowcase(api: ApiClient): Promise<Showcase> {
  const me = await api.auth.me();
  const sales = await api.queues.create({ name: 'Vendas', color: '#1d4ed8', greetingMessage: 'Olá! Em que podemos ajudar?' });
  await api.queues.create({ name: 'Suporte técnico', color: '#0f766e', greetingMessage: 'Suporte aqui.' });
  const whatsapp = await pairedSandbox(api, { name: 'Loja principal', isDefault: true, queueIds: [sales.id], greetingMessage: '' });
  const vip = await api.tags.create({ name: 'Cliente VIP com nome longo de etiqueta', color: '#f59e0b', kanban: 1 });
  await api.tags.create({ name: 'Orçamento', color: '#7c3aed', kanban: 1 });
  const customers = [
    ['5511911110001', 'Carla Souza 😀', 'Olá! Meu pedido 4821 ainda não chegou 📦'],
    ['5511911110002', 'Bruno Oliveira', 'Vocês entregam em Campinas?'],
    ['5511911110003', 'Maria Fernanda de Albuquerque e Silva', 'Quero trocar o tamanho da camiseta 👕'],
    ['5511911110004', 'Pedro 🎉', 'Bom dia!'],
  ] as const;
  for (const [from, name, body] of customers) await api.sandbox.send(whatsapp.id, { from, name, body });
  const carla = await waitForTicket(api, customers[0][0]);
  const open = await api.tickets.update(carla.id, { status: 'open', userId: me.id });
  await api.messages.send(open.id, { body: 'Oi Carla! Vou verificar agora mesmo 👍 Acompanhe em https://atende.example/rastreio/4821' });
  await api.sandbox.send(whatsapp.id, { from: customers[0][0], name: customers[0][1], body: 'Obrigada! ❤️' });
  await api.tags.sync(open.id, [vip.id]);
  await api.contacts.create({ name: 'Joana Prado', number: '5521988887777', email: 'joana@example.com' });
  await api.quickMessages.create({ shortcode: 'obrigado', message: 'Obrigado pelo contato! Qualquer dúvida, estamos aqui.', geral: true });
  await api.announcements.create({ title: 'Horário de fim de ano', text: 'Atendimento até as 14h no dia 24.', priority: 1 });
  await api.helps.create({ title: 'Primeiros passos', description: 'Como conectar o WhatsApp', video: 'dQw4w9WgXcQ' });
  const colleague = await api.users.create({ name: 'Rita Atendente', email: 'rita@showcase.test', password: 'rita-secret', profile: 'user', queueIds: [sales.id] });
  const chat = await api.chats.create({ title: 'Equipe de vendas', users: [colleague.id] });
  await api.chats.send(chat.id, { message: 'Bom dia, equipe! ☕' });
  return { open: await api.tickets.get(open.id) };
}

export interface ConsolePage {
  /** A name for the reports and the screenshot files. */
  name: string;
  path(showcase: Showcase): string;
  /** Shown when the page has loaded its data. */
  ready: string;
  /** Signed out (public pages). */
  guest?: true;
}

export const CONSOLE_PAGES: ConsolePage[] = [
  { name: 'login', path: () => '/login', ready: 'input[name="email"]', guest: true },
  { name: 'signup', path: () => '/signup', ready: 'input[name="name"]', guest: true },
  { name: 'forget-password', path: () => '/forgetpsw', ready: 'form[data-step="email"], [data-reset-unavailable]', guest: true },
  { name: 'not-found', path: () => '/no/such/page', ready: '[data-not-found]' },
  { name: 'dashboard', path: () => '/', ready: '[data-counter]' },
  { name: 'tickets', path: () => '/tickets', ready: '[data-ticket-list] [data-ticket]' },
  { name: 'conversation', path: (showcase) => `/tickets/${showcase.open.uuid}`, ready: '[data-message][data-from-me="true"]' },
  { name: 'kanban', path: () => '/kanban', ready: '[data-card]' },
  { name: 'quick-messages', path: () => '/quick-messages', ready: 'td' },
  { name: 'todolist', path: () => '/todolist', ready: 'main h1' },
  { name: 'contacts', path: () => '/contacts', ready: 'td' },
  { name: 'tags', path: () => '/tags', ready: 'td' },
  { name: 'chats', path: () => '/chats', ready: '[data-chat]' },
  { name: 'helps', path: () => '/helps', ready: 'main h1' },
  { name: 'announcements', path: () => '/announcements', ready: 'td' },
  { name: 'connections', path: () => '/connections', ready: '[data-connection]' },
  { name: 'queues', path: () => '/queues', ready: 'td' },
  { name: 'users', path: () => '/users', ready: 'td' },
  { name: 'settings', path: () => '/settings', ready: 'input[role="switch"]' },
  { name: 'messages-api', path: () => '/messages-api', ready: 'form[data-test-form="text"]' },
];

/** Opens a page and waits for its data and fonts, so that what is checked is what a person sees. */
export async function visit(page: Page, target: ConsolePage, showcase: Showcase): Promise<void> {
  await page.goto(target.path(showcase));
  await page.locator(target.ready).first().waitFor({ state: 'attached' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Spinners of late lists and the toasts of the last page settle.
  await page.waitForTimeout(300);
}
