import { randomBytes } from 'node:crypto';
/** A paired sandbox connection, queues and customers, made through the real API. */
import { expect } from 'chai';
import type { TestApp } from './app.js';
import { unique, type Session } from './fixtures.js';
import { connectedSandbox } from './whatsappFixtures.js';

/** Polls until the check answers something truthy and not an empty list (or fails with the last answer). */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 5_000, label = 'condition'): Promise<T> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < ms) {
    const value = await check();
    // An empty list is nothing found yet (it is truthy: waiting on a filter would end at once).
    if (value && !(Array.isArray(value) && value.length === 0)) return value;
    last = value;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error(`${label} not reached in ${ms} ms (last: ${JSON.stringify(last)})`);
}

export async function createQueue(t: TestApp, admin: Session, fields: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const answer = await t.call('POST', '/queue', {
    token: admin.token,
    body: { name: unique('Queue '), color: `#${randomBytes(3).toString('hex')}`, greetingMessage: 'Welcome', ...fields },
  });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body;
}

/** A sandbox connection, paired: CONNECTED. */
export async function sandboxConnection(t: TestApp, admin: Session, fields: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const connection = await connectedSandbox(t, admin, { name: unique('Sandbox '), ...fields });
  return { id: connection.id as string, name: connection.name as string };
}

/** A customer writes on the sandbox connection; answers the provider message id. */
export async function customerSays(t: TestApp, admin: Session, whatsappId: string, from: string, body: string, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await t.call('POST', `/sandbox/${whatsappId}/messages`, { token: admin.token, body: { from, name: `Customer ${from.slice(-4)}`, body, ...extra } });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body.providerMessageId as string;
}

interface OutboxEntry {
  to: string;
  body: string;
  ack: number;
  providerMessageId: string;
}

/** What the customer received so far. */
export async function outboxOf(t: TestApp, admin: Session, whatsappId: string, to: string): Promise<OutboxEntry[]> {
  const answer = await t.call('GET', `/sandbox/${whatsappId}/outbox?to=${to}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  return answer.body.messages as OutboxEntry[];
}

export async function ticketOf(t: TestApp, session: Session, number: string, status?: string): Promise<Record<string, any> | undefined> {
  const answer = await t.call('GET', `/tickets?showAll=true${status ? `&status=${status}` : ''}&searchParam=${number}`, { token: session.token });
  return (answer.body.tickets as Record<string, any>[] | undefined)?.find((ticket) => ticket.contact?.number === number);
}

let numbers = 0;
export function customerNumber(): string {
  numbers += 1;
  return `55119${String(Date.now()).slice(-5)}${String(numbers).padStart(3, '0')}`;
}
