/**
 * A company to drive the console with: its admin, one agent of a queue, a paired sandbox phone
 * serving that queue, and customers writing in. Shared by the composer, design and proof tests.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Page, WebSocket } from 'playwright-core';
import type { Queue, Ticket, User, Whatsapp } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { apiClient, pairedSandbox, type Console } from './support.js';

const YEAR_MS = 365 * 24 * 3_600_000;

/** A 1x1 PNG: the server checks attachments by their content. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A PNG of one colour, `width` x `height` (a photo that takes room once it has loaded). */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [30, 111, 217]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Resolves once the page's realtime socket is subscribed to these channels (the server's answer to
 * each subscription): what happens elsewhere afterwards reaches the page live. Call it before the
 * navigation that subscribes.
 */
export function subscribedTo(page: Page, channels: string[]): Promise<void> {
  const waiting = new Set(channels);
  return new Promise((resolve) => {
    const onSocket = (socket: WebSocket) =>
      socket.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (!text.includes('"type":"sub"')) return;
        for (const channel of waiting) if (text.includes(`/${channel}"`)) waiting.delete(channel);
        if (waiting.size > 0) return;
        page.off('websocket', onSocket);
        resolve();
      });
    page.on('websocket', onSocket);
  });
}

export interface Account {
  email: string;
  password: string;
}

export interface Company {
  admin: ApiClient;
  adminAccount: Account;
  agent: ApiClient;
  agentUser: User;
  agentAccount: Account;
  queue: Queue;
  whatsapp: Whatsapp;
}

/** `slug` keeps the e-mails of several companies of one server apart. */
export async function createCompany(console: Console, slug: string): Promise<Company> {
  const [plan] = await console.api.plans.all();
  const adminAccount = { email: `admin@${slug}.test`, password: 'admin-secret' };
  const agentAccount = { email: `agent@${slug}.test`, password: 'agent-secret' };
  await console.api.companies.create({ name: `Loja ${slug}`, ...adminAccount, planId: plan!.id, dueDate: new Date(Date.now() + YEAR_MS).toISOString() });
  const admin = apiClient(console.server);
  await admin.auth.login(adminAccount);
  const queue = await admin.queues.create({ name: 'Vendas', color: '#1d4ed8', greetingMessage: 'Olá!' });
  const agentUser = await admin.users.create({ name: 'Ana Agente', ...agentAccount, profile: 'user', queueIds: [queue.id] });
  const whatsapp = await pairedSandbox(admin, { name: 'Sandbox', isDefault: true, queueIds: [queue.id], greetingMessage: '' });
  const agent = apiClient(console.server);
  await agent.auth.login(agentAccount);
  return { admin, adminAccount, agent, agentUser, agentAccount, queue, whatsapp };
}

/** A customer writes in; the ticket as the admin sees it once it exists. */
export async function customerWrites(company: Company, from: string, name: string, body: string): Promise<Ticket> {
  await company.admin.sandbox.send(company.whatsapp.id, { from, name, body });
  for (let tries = 0; tries < 200; tries += 1) {
    const { tickets } = await company.admin.tickets.list({ searchParam: from, showAll: true });
    const ticket = tickets.find((found) => found.contact?.number === from);
    if (ticket) return ticket;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ticket appeared for ${from}`);
}

/** The agent accepts a customer's ticket (status open, assigned to him). */
export async function acceptedBy(company: Company, ticket: Ticket): Promise<Ticket> {
  return company.agent.tickets.update(ticket.id, { status: 'open', userId: company.agentUser.id });
}
