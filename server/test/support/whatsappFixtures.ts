/**
 * Connections and the sandbox phone in tests: an app variant that takes channel options (a double
 * of the inbound handler, short sandbox timings) and can reuse a database (restart survival),
 * plus helpers to create, pair and watch connections.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import type { ChannelOptions } from '../../src/channels/index.js';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { JWT_SECRET, SUPER_EMAIL, SUPER_PASSWORD, type Answer, type CallOptions, type TestApp } from './app.js';
import type { Session } from './fixtures.js';

export interface ChannelTestApp extends TestApp {
  databaseName: string;
  /** Stops the app; the database stays for the next app unless `drop`. */
  stop(options?: { drop?: boolean }): Promise<void>;
}

/** Like startTestApp, with channel options and, when given, an existing database. */
export async function startChannelTestApp(name: string, options: { databaseName?: string; channels?: ChannelOptions; env?: Record<string, string> } = {}): Promise<ChannelTestApp> {
  const base = process.env.ATENDE_TEST_MONGO_BASE;
  if (!base) throw new Error('ATENDE_TEST_MONGO_BASE is unset: run the tests with mocha');
  const databaseName = options.databaseName ?? `atende_test_${name}_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGODB_URI: base,
    ATENDE_DB_NAME: databaseName,
    ATENDE_ADMIN_EMAIL: SUPER_EMAIL,
    ATENDE_ADMIN_PASSWORD: SUPER_PASSWORD,
    JWT_SECRET,
    JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789',
    LOG_LEVEL: 'silent',
    ATENDE_JOBS_PROCESS_EVERY: '100',
    ...options.env,
  });
  const app = await createApp(config, createLogger(config.logLevel), { channels: options.channels });
  await app.start();
  const url = app.server.info.uri;

  async function call<T>(method: string, path: string, callOptions: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    if (callOptions.cookie) headers.cookie = callOptions.cookie;
    let body: string | undefined = callOptions.raw;
    if (callOptions.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(callOptions.body);
    }
    const response = await fetch(`${url}/api${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON answers stay text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  let stopped = false;
  return {
    app,
    config,
    url,
    databaseName,
    call,
    async stop(stopOptions = { drop: true }) {
      if (stopped) return;
      stopped = true;
      if (stopOptions.drop !== false) await mongoose.connection.dropDatabase();
      await app.stop();
    },
  };
}

/** Resolves with the first item matching the predicate (polled), or fails after `ms`. */
export function waitFor<T>(items: T[], predicate: (item: T) => boolean, ms = 4000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const found = items.find(predicate);
      if (found !== undefined) {
        clearInterval(timer);
        resolve(found);
      } else if (Date.now() - started > ms) {
        clearInterval(timer);
        reject(new Error(`nothing matched in ${ms} ms; got ${JSON.stringify(items)}`));
      }
    }, 15);
  });
}

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
