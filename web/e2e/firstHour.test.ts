import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { PLAN_FLAGS, type PlanFlags, type Queue } from '@atende/shared';
import { apiClient, openPage, pairedSandbox, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, signIn, startConsole, type Console } from './support.js';

const AGENT = { name: 'Ana Agent', email: 'ana@atende.test', password: 'ana-secret' };
const BIA = { name: 'Bia Both', email: 'bia@atende.test', password: 'bia-secret' };

/** Waits, with a deadline, for something the page does through the server. */
async function expectSoon(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await check()); ) {
    if (Date.now() > deadline) throw new Error('the change never reached the server');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Every badge drawn on the page with the row (or button) it belongs to: a badge must lie within
 * its host's box, not at a corner of the page.
 */
async function badgesOnPage(page: Page): Promise<{ text: string; inside: boolean }[]> {
  return page.$$eval('[data-badge]', (badges) =>
    badges
      .filter((badge) => badge.getClientRects().length > 0)
      .map((badge) => {
        const host = badge.closest('tr, li, button, [data-badge-host]') ?? badge.parentElement!;
        const box = badge.getBoundingClientRect();
        const around = host.getBoundingClientRect();
        const inside = box.left >= around.left - 0.5 && box.right <= around.right + 0.5 && box.top >= around.top - 0.5 && box.bottom <= around.bottom + 0.5;
        return { text: badge.textContent ?? '', inside };
      }),
  );
}

describe('web console: a team\'s first hour in the shell', () => {
  let console: Console;

  let sales: Queue;
  let support: Queue;

  before(async () => {
    console = await startConsole({ ATENDE_LIST_CHECK_RETRY_MS: '300' });
    sales = await console.api.queues.create({ name: 'Sales', color: '#1565c0', greetingMessage: 'Sales here' });
    support = await console.api.queues.create({ name: 'Support', color: '#2e7d32', greetingMessage: 'Support here' });
    await pairedSandbox(console.api, { name: 'First phone', isDefault: true });
    await console.api.users.create({ ...AGENT, profile: 'user', queueIds: [sales.id] });
    await console.api.users.create({ ...BIA, profile: 'user', queueIds: [sales.id, support.id] });
  });

  after(() => console?.stop());

  for (const locale of ['de-DE', 'fr-FR', 'ja']) {
    it(`opens in English for a browser whose languages are none of ours (${locale})`, async () => {
      const context = await console.browser.newContext({ baseURL: console.server.url, locale });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/login');
      await page.locator('button[type="submit"]').waitFor();
      expect(await page.evaluate(() => navigator.languages)).to.not.include('en');
      expect(await page.evaluate(() => document.documentElement.lang)).to.equal('en');
      expect(await page.textContent('button[type="submit"]')).to.match(/sign in/i);
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).to.equal(null);
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }

  it('draws every badge in its row: contact-list validity, unread chats in the page, the top bar and its popover', async () => {
    const list = await console.api.contactLists.create({ name: 'Badge list' });
    await console.api.contactLists.items.create({ contactListId: list.id, name: 'Vera Valid', number: '5511977770001' });
    const agent = apiClient(console.server);
    const me = (await agent.auth.login({ email: AGENT.email, password: AGENT.password })).user;
    const chat = await console.api.chats.create({ title: 'Stock count', users: [me.id] });
    await console.api.chats.send(chat.id, { message: 'Count the boxes, please' });

    const { context, page, errors } = await openPage(console);
    await signIn(page, AGENT.email, AGENT.password);
    await page.locator('button[aria-label^="Chats"][data-count="1"]').waitFor();
    await page.goto('/chats');
    await page.locator('[data-chat="Stock count"] [data-badge]').waitFor();
    let badges = await badgesOnPage(page);
    expect(badges.map((badge) => badge.text)).to.include('1');
    expect(badges.filter((badge) => !badge.inside), 'badges outside their rows').to.deep.equal([]);

    // The top bar's counted button and its popover's row.
    await page.click('button[aria-label^="Chats"]');
    await page.locator('[role="dialog"] [data-chat="Stock count"] [data-badge]').waitFor();
    badges = await badgesOnPage(page);
    expect(badges.length).to.be.at.least(3);
    expect(badges.filter((badge) => !badge.inside), 'badges outside their rows').to.deep.equal([]);
    await context.close();
    expect(errors).to.deep.equal([]);

    const { context: adminContext, page: adminPage, errors: adminErrors } = await openPage(console);
    await signIn(adminPage, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    await adminPage.evaluate(() => localStorage.setItem('cshow', 'true'));
    await adminPage.goto(`/contact-lists/${list.id}/contacts`);
    await adminPage.locator('tr[data-list-item="Vera Valid"] [data-validity="valid"]').waitFor();
    badges = await badgesOnPage(adminPage);
    expect(badges.map((badge) => badge.text)).to.include('Valid');
    expect(badges.filter((badge) => !badge.inside), 'badges outside their rows').to.deep.equal([]);
    await adminContext.close();
    expect(adminErrors).to.deep.equal([]);
  });

  it('starts a conversation from a contact for agents: in their queue, or the one they pick among theirs', async () => {
    await console.api.contacts.create({ name: 'Caio Contact', number: '5511966660001' });
    await console.api.contacts.create({ name: 'Duda Contact', number: '5511966660002' });

    const bia = await openPage(console);
    await signIn(bia.page, BIA.email, BIA.password);
    await bia.page.goto('/contacts');
    await bia.page.locator('tr[data-contact="Caio Contact"] button[aria-label="Start ticket"]').click();
    const dialog = bia.page.locator('[role="dialog"]', { hasText: 'Start a conversation with Caio Contact' });
    await dialog.locator('select[name="queueId"]').waitFor();
    expect(await dialog.locator('select[name="queueId"] option').allTextContents()).to.deep.equal(['Select a queue', 'Sales', 'Support']);
    expect(await dialog.locator('button[data-submit="startConversation"]').isDisabled()).to.equal(true);
    await dialog.locator('select[name="queueId"]').selectOption(support.id);
    await dialog.locator('button[data-submit="startConversation"]').click();
    await bia.page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const caio = (await console.api.tickets.list({ searchParam: '5511966660001', showAll: true })).tickets[0]!;
    expect(caio).to.include({ uuid: bia.page.url().split('/').pop(), status: 'open', queueId: support.id });
    expect(caio.user?.name).to.equal(BIA.name);
    expect(bia.errors).to.deep.equal([]);
    await bia.context.close();

    const ana = await openPage(console);
    await signIn(ana.page, AGENT.email, AGENT.password);
    await ana.page.goto('/contacts');
    await ana.page.locator('tr[data-contact="Duda Contact"] button[aria-label="Start ticket"]').click();
    await ana.page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const duda = (await console.api.tickets.list({ searchParam: '5511966660002', showAll: true })).tickets[0]!;
    expect(duda).to.include({ uuid: ana.page.url().split('/').pop(), status: 'open', queueId: sales.id });
    expect(ana.errors).to.deep.equal([]);
    await ana.context.close();
  });

  it("draws the dashboard's charts when their answers come, however late, in the company's days, with dates in the language's format", async () => {
    const phone = (await console.api.whatsapp.list()).find((whatsapp) => whatsapp.name === 'First phone')!;
    await console.api.sandbox.send(phone.id, { from: '5511922220001', name: 'Late Chart', body: 'Oi!' });
    // A browser far from the company's zone (UTC+14 against São Paulo's UTC-3).
    const context = await console.browser.newContext({ baseURL: console.server.url, locale: 'en-US', timezoneId: 'Pacific/Kiritimati' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    // The days chart's answer is held back, as on a loaded machine, until the other chart drew.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dashboard/ticketsDay?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.click('[data-menu="dashboard"]');
    await page.locator('[aria-label="Tickets per user"][aria-busy="false"]').waitFor();
    const daysChart = page.locator('[aria-label^="Tickets ("]');
    expect(await daysChart.getAttribute('aria-busy'), 'a chart not loaded yet says so').to.equal('true');
    release();
    await page.locator('[aria-label^="Tickets ("][aria-busy="false"]').waitFor();
    expect(Number(await daysChart.getAttribute('data-bars'))).to.be.greaterThan(0);
    expect(Number(await daysChart.getAttribute('data-total')), "today's ticket, on the company's today").to.be.at.least(1);

    // The period is the company's (São Paulo's) month, whatever the browser's day; its dates read as English writes them.
    const { period, timeZone } = await console.api.dashboard.get({});
    expect(timeZone).to.equal('America/Sao_Paulo');
    const [year, month, day] = period.to.split('-');
    expect(await page.inputValue('input[name="dateTo"]')).to.equal(`${month}/${day}/${year}`);
    expect(await page.getAttribute('input[name="dateTo"]', 'placeholder')).to.equal('mm/dd/yyyy');
    await page.fill('input[name="dateFrom"]', '');
    await page.locator('input[name="dateFrom"]').pressSequentially(`${month}01${year}`);
    expect(await page.inputValue('input[name="dateFrom"]')).to.equal(`${month}/01/${year}`);
    const asked = page.waitForRequest((request) => request.url().includes('/api/dashboard?'));
    await page.click('form[aria-label="Filter"] button[type="submit"]');
    expect(new URL((await asked).url()).searchParams.get('date_from')).to.equal(`${year}-${month}-01`);
    await context.close();
    expect(errors).to.deep.equal([]);

    // In Portuguese: dd/mm/aaaa.
    const pt = await console.browser.newContext({ baseURL: console.server.url, locale: 'pt-BR' });
    const ptPage = await pt.newPage();
    await signIn(ptPage, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    await ptPage.goto('/');
    await ptPage.locator('input[name="dateTo"][data-day-value]:not([data-day-value=""])').waitFor();
    expect(await ptPage.inputValue('input[name="dateTo"]')).to.equal(`${day}/${month}/${year}`);
    expect(await ptPage.getAttribute('input[name="dateTo"]', 'placeholder')).to.equal('dd/mm/aaaa');
    await pt.close();
  });

  it('greets the user and the company in the top bar; admins also see the due date', async () => {
    const [company] = await console.api.companies.list();
    const agent = await openPage(console);
    await signIn(agent.page, AGENT.email, AGENT.password);
    expect(await agent.page.textContent('[data-greeting]')).to.equal(`Hello, ${AGENT.name} · ${company!.name}`);
    expect(await agent.page.locator('[data-due-date]').count(), 'agents do not see the due date').to.equal(0);
    await agent.context.close();

    const admin = await openPage(console);
    await signIn(admin.page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    await admin.page.locator('[data-greeting]', { hasText: company!.name }).waitFor();
    const due = new Date(company!.dueDate!);
    const two = (value: number) => String(value).padStart(2, '0');
    expect(await admin.page.textContent('[data-due-date]')).to.equal(`Due date: ${two(due.getMonth() + 1)}/${two(due.getDate())}/${due.getFullYear()}`);
    // Greeting and due date share one line with the bar's buttons.
    const bar = (await admin.page.locator('header').first().boundingBox())!;
    for (const part of ['[data-greeting]', '[data-due-date]']) {
      const box = (await admin.page.locator(part).boundingBox())!;
      expect(box.y, part).to.be.at.least(bar.y);
      expect(box.y + box.height, part).to.be.at.most(bar.y + bar.height);
    }
    expect(admin.errors).to.deep.equal([]);
    await admin.context.close();
  });

  it('shows toasts below the top bar: the bell stays in reach; the time zone is a company option', async () => {
    const { context, page, errors } = await openPage(console);
    await signIn(page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    await page.goto('/settings');
    await page.locator('input[role="switch"][name="call"]').click();
    const toast = page.locator('[data-toast]', { hasText: 'Operation updated successfully.' });
    await toast.waitFor();
    const bar = (await page.locator('header').first().boundingBox())!;
    expect((await toast.boundingBox())!.y).to.be.at.least(bar.y + bar.height);
    const bell = page.locator('button[aria-label^="Notifications"]');
    const box = (await bell.boundingBox())!;
    const reached = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(reached).to.match(/^Notifications/);

    // The company's time zone is an option among the IANA names, the server's by default.
    const zone = page.locator('select[name="timeZone"]');
    expect(await zone.inputValue()).to.equal('');
    expect(await zone.locator('option').first().textContent()).to.equal("The server's default");
    await zone.selectOption('Asia/Tokyo');
    await page.locator('[data-toast]', { hasText: 'Operation updated successfully.' }).nth(0).waitFor();
    await expectSoon(async () => (await console.api.settings.list()).find((setting) => setting.key === 'timeZone')?.value === 'Asia/Tokyo');
    expect((await console.api.dashboard.get({})).timeZone).to.equal('Asia/Tokyo');
    await zone.selectOption('');
    await expectSoon(async () => (await console.api.dashboard.get({})).timeZone === 'America/Sao_Paulo');
    await context.close();
    expect(errors).to.deep.equal([]);
  });

  it("says on a new company's empty pages what they hold, with the next step at hand", async () => {
    const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as PlanFlags;
    const plan = await console.api.plans.create({ name: 'Empty Plan', users: 5, connections: 2, queues: 3, value: 49, ...flags });
    await console.api.companies.create({ name: 'Empty Co', email: 'admin@empty.test', planId: plan.id, password: 'empty-secret', dueDate: '2099-06-30T12:00:00.000Z' });
    const { context, page, errors } = await openPage(console);
    await signIn(page, 'admin@empty.test', 'empty-secret');
    for (const [path, sentence, action] of [
      ['/quick-messages', 'No quick answers yet.', 'Add quick message'],
      ['/tags', 'No tags yet.', 'Add tag'],
      ['/contacts', 'No contacts yet.', 'Add contact'],
      ['/queues', 'No queues yet.', 'Add queue'],
    ] as const) {
      await page.goto(path);
      const empty = page.locator('[data-empty-row="first"]');
      await empty.waitFor();
      expect(await empty.locator('p').textContent(), path).to.contain(sentence);
      await empty.locator('button', { hasText: action }).click();
      await page.locator('[role="dialog"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    }
    // A search that finds nothing says so, without offering to add.
    await page.goto('/contacts');
    await page.locator('[data-empty-row="first"]').waitFor();
    await page.fill('input[type="search"]', 'Zelda');
    const searched = page.locator('[data-empty-row="search"]');
    await searched.waitFor();
    expect(await searched.textContent()).to.equal('Nothing matches “Zelda”.');
    await context.close();
    expect(errors).to.deep.equal([]);
  });

  it('shows the messages API forms whole (the page scrolls, not three small boxes) and pads the campaign settings', async () => {
    const { context, page, errors } = await openPage(console, { width: 1280, height: 800 });
    await signIn(page, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD);
    await page.goto('/messages-api');
    await page.locator('[data-endpoint]').waitFor();
    const boxes = await page.$$eval('main h2', (titles) =>
      titles.map((title) => {
        const paper = title.parentElement!;
        return { title: title.textContent, scrolls: paper.scrollHeight > paper.clientHeight + 1, height: paper.getBoundingClientRect().height };
      }),
    );
    expect(boxes).to.have.length(3);
    expect(boxes.filter((box) => box.scrolls), 'sections cut into scroll boxes').to.deep.equal([]);
    await page.goto('/campaigns-config');
    const paper = page.locator('main h3').first().locator('xpath=..');
    await paper.waitFor();
    const padding = await paper.evaluate((element) => ({ left: parseFloat(getComputedStyle(element).paddingLeft), top: parseFloat(getComputedStyle(element).paddingTop) }));
    expect(padding.left).to.be.at.least(12);
    expect(padding.top).to.be.at.least(12);
    await context.close();
    expect(errors).to.deep.equal([]);
  });
});
