/**
 * Browser tests' plumbing: the real server (spawnServer serves web/dist), Debian's chromium driven
 * by playwright-core, an API client for arranging data, and a few page helpers.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Whatsapp, WhatsappData } from '@atende/shared';
import { createApiClient, memorySession, type ApiClient } from '@atende/shared/client';
import { SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOTS_DIR = path.join(WEB_DIR, 'e2e', 'screenshots');
const CHROMIUM = '/usr/bin/chromium';
// The network is closed: without these, chromium waits on updates, sync and QUIC probes.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Console {
  server: SpawnedServer;
  browser: Browser;
  /** Signed in as the super admin, for arranging data. */
  api: ApiClient;
  stop(): Promise<void>;
}

export function apiClient(server: SpawnedServer): ApiClient {
  return createApiClient({ baseUrl: server.url, session: memorySession() });
}

/** A sandbox connection, paired once it shows its QR (the state customers can write to). */
export async function pairedSandbox(api: ApiClient, data: Omit<WhatsappData, 'provider'>): Promise<Whatsapp> {
  const created = await api.whatsapp.create({ ...data, provider: 'sandbox' });
  for (let tries = 0; (await api.whatsapp.get(created.id)).status !== 'qrcode'; tries += 1) {
    if (tries > 200) throw new Error('the sandbox connection never showed its QR');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return api.sandbox.pair(created.id);
}

/** Debian's chromium, headless, with `extraArgs` after the house's own. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * One server and one browser for a test file; `env` tunes the server (e.g. sandbox timings),
 * `chromiumArgs` are added to the browser's (e.g. a fake microphone).
 */
export async function startConsole(env: Record<string, string> = {}, options: { chromiumArgs?: string[] } = {}): Promise<Console> {
  if (!existsSync(path.join(WEB_DIR, 'dist', 'index.html'))) throw new Error('web/dist is missing: run `npm run build -w web` (the web test script does)');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)`);
  const [server, browser] = await Promise.all([spawnServer({ env }), launchChromium(options.chromiumArgs)]);
  const api = apiClient(server);
  await api.auth.login({ email: SERVER_SUPER_EMAIL, password: SERVER_SUPER_PASSWORD });
  return {
    server,
    browser,
    api,
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page: a test asserts there were none. */
  errors: string[];
}

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** Browser permissions granted to the console's origin (e.g. 'microphone'). */
  permissions?: string[];
}

/** A fresh browser profile (empty storage) on the console. */
export async function openPage(console: Console, options: PageOptions = {}): Promise<OpenedPage> {
  const context = await console.browser.newContext({
    baseURL: console.server.url,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-US',
    permissions: options.permissions,
  });
  const page = await context.newPage();
  // Far below mocha's timeout (sized for a server starting on a loaded machine), so that a stuck step names itself.
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForURL('**/tickets');
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** The data-menu keys of the side menu, in order (group children only while expanded). */
export async function menuKeys(page: Page): Promise<string[]> {
  await page.waitForSelector('nav[data-variant] [data-menu]');
  return page.$$eval('nav[data-variant] [data-menu]', (items) => items.map((item) => item.getAttribute('data-menu') ?? ''));
}

/** Waits for a toast with this text (toasts close after 2 seconds). */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-toast]', { hasText: text }).first().waitFor({ timeout: 5_000 });
}

export { SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD };
