/**
 * Connections and the sandbox phone in tests: an app variant that takes channel options (a double
 * of the inbound handler, short sandbox timings) and can reuse a database (restart survival),
 * plus helpers to create, pair and watch connections.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { ChannelOptions } from '../../src/channels/index.js';
import { startTestApp, type Answer, type TestApp } from './app.js';
import type { Session } from './fixtures.js';

export type ChannelTestApp = TestApp;

/** startTestApp with channel options (a double of the inbound handler, sandbox timings) and, when given, an existing database. */
export function startChannelTestApp(name: string, options: { databaseName?: string; channels?: ChannelOptions; env?: Record<string, string> } = {}): Promise<ChannelTestApp> {
  return startTestApp(name, options.env, { ...(options.databaseName ? { databaseName: options.databaseName } : {}), ...(options.channels ? { channels: options.channels } : {}) });
}

export { waitFor } from './realtimeFixtures.js';

/** Polls GET /whatsapp/{id} until the status is reached. */
export async function waitForStatus(t: TestApp, session: Session, whatsappId: string, status: string, ms = 4000): Promise<Record<string, any>> {
  const started = Date.now();
  let last: Answer | undefined;
  while (Date.now() - started < ms) {
    last = await t.call('GET', `/whatsapp/${whatsappId}`, { token: session.token });
    if (last.body?.status === status) return last.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`connection ${whatsappId} never reached ${status}; last answer ${JSON.stringify(last?.body)}`);
}

export async function createConnection(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const answer = await t.call('POST', '/whatsapp', { token: session.token, body: { name: `Conn ${randomBytes(3).toString('hex')}`, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  return answer.body;
}

/** A sandbox connection, paired and CONNECTED. */
export async function connectedSandbox(t: TestApp, session: Session, body: Record<string, unknown> = {}, number?: string): Promise<Record<string, any>> {
  const created = await createConnection(t, session, { provider: 'sandbox', ...body });
  await waitForStatus(t, session, created.id, 'qrcode');
  const paired = await t.call('POST', `/sandbox/${created.id}/pair`, { token: session.token, body: number ? { number } : {} });
  expect(paired.status, JSON.stringify(paired.body)).to.equal(200);
  expect(paired.body.status).to.equal('CONNECTED');
  return paired.body;
}
