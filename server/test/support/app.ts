/**
 * Starts the real application on a random port against the test engine, with a database of its
 * own, and offers a small HTTP client for the tests. One app per test file (mongoose's default
 * connection is process-wide, and mocha runs files one after another).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { createApp, type App, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/platform/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { socketBench } from '../channels/baileys/socketDouble.js';

export const SUPER_EMAIL = 'super@atende.test';
export const SUPER_PASSWORD = 'super-secret';
export const JWT_SECRET = 'test-access-secret-0123456789';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  raw?: string;
  /** A loopback address (127.x.y.z) to call from, so the server sees another client address. */
  from?: string;
}

/** One HTTP call from a chosen local address (fetch cannot choose it). */
function requestFrom(url: string, from: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; text: string; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress: from }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, each);
        }
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: answerHeaders });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export interface TestApp {
  app: App;
  config: Config;
  url: string;
  databaseName: string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  /** Stops the app; the database (and media dir) go too unless `drop: false` (restart tests). */
  stop(options?: { drop?: boolean }): Promise<void>;
}

export interface TestAppOptions extends AppOptions {
  /** Reuse the database of a stopped app (restart survival). */
  databaseName?: string;
  /** Where the app's log goes, at level info (silent without). */
  log?: NodeJS.WritableStream;
}

export async function startTestApp(name: string, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const base = process.env.ATENDE_TEST_MONGO_BASE;
  if (!base) throw new Error('ATENDE_TEST_MONGO_BASE is unset: run the tests with mocha');
  const databaseName = options.databaseName ?? `atende_test_${name}_${randomBytes(4).toString('hex')}`;
  // Media and local secrets of each app go to a throwaway folder, never into the checkout.
  const dataDir = await mkdtemp(path.join(tmpdir(), `atende-test-${name}-`));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGODB_URI: base,
    ATENDE_DB_NAME: databaseName,
    ATENDE_DATA_DIR: dataDir,
    ATENDE_ADMIN_EMAIL: SUPER_EMAIL,
    ATENDE_ADMIN_PASSWORD: SUPER_PASSWORD,
    JWT_SECRET,
    JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789',
    LOG_LEVEL: options.log ? 'info' : 'silent',
    ATENDE_JOBS_PROCESS_EVERY: '100',
    ATENDE_JOB_LOCK_MS: '1000',
    ATENDE_FERRETDB_POSTGRES_URL: process.env.ATENDE_TEST_POSTGRES_URL ?? '',
    // The operator's allow-list, as a self-hoster would set it: the tests' stand-ins (webhook
    // receivers, Typebot, OpenAI-compatible, alerts) listen on 127.0.0.1. The SSRF tests set their own.
    ATENDE_OUTBOUND_ALLOW: '127.0.0.1',
    ...env,
  });
  // Real WhatsApp connections of a test get a socket that never reaches the network.
  const channels = { ...options.channels, baileys: { socket: socketBench().factory, ...options.channels?.baileys } };
  const app = await createApp(config, createLogger(config.logLevel, options.log), { ...options, channels });
  await app.start();
  const url = app.server.info.uri;

  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = options.from
      ? await requestFrom(`${url}/api${path}`, options.from, method, headers, body)
      : await fetch(`${url}/api${path}`, { method, headers, body }).then(async (answer) => ({ status: answer.status, text: await answer.text(), headers: answer.headers }));
    const text = response.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON answers (docs page) stay text.
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
    async stop({ drop = true } = {}) {
      if (stopped) return;
      stopped = true;
      if (drop) await mongoose.connection.dropDatabase();
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
