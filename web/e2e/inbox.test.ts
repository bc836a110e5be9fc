import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { createCompany, customerWrites, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, type Console, type OpenedPage } from './support.js';

const counter = (page: Page, tab: 'assigned' | 'pending') => page.locator(`[data-counter="${tab}"]`);
const pendingRows = (page: Page) => page.locator('[data-ticket-list="pending"]:not([hidden]) [data-ticket]');

describe('web console: the inbox list', () => {
  let console: Console;
  let company: Company;
  let opened: OpenedPage;

  before(async function () {
    this.timeout(90_000);
    console = await startConsole();
    company = await createCompany(console, 'inbox');
    const support = await company.admin.queues.create({ name: 'Suporte', color: '#0f766e', greetingMessage: 'Suporte.' });
    for (let index = 1; index <= 5; index += 1) {
      const ticket = await customerWrites(company, `551196666000${index}`, `Cliente ${index}`, `Mensagem ${index}`);
      // Two of them wait in the other queue.
      if (index > 3) await company.admin.tickets.update(ticket.id, { queueId: support.id, userId: null });
    }
    opened = await openPage(console);
    await signIn(opened.page, company.adminAccount.email, company.adminAccount.password);
  });

  after(async () => {
    await opened?.context.close();
    await console?.stop();
  });

  afterEach(() => expect(opened.errors).to.deep.equal([]));

  it('counts the waiting tickets, says how many a filter hides, and keeps the filter after a reload', async () => {
    const { page } = opened;
    await page.click('[role="tab"][data-tab="pending"]');
    await counter(page, 'pending').filter({ hasText: /^5$/ }).waitFor();
    await pendingRows(page).nth(4).waitFor();

    await page.click('[data-filter="Queues"]');
    await page.locator('[role="dialog"][aria-label="Queues"] label', { hasText: 'Suporte' }).click();
    await page.keyboard.press('Escape');
    await counter(page, 'pending').filter({ hasText: /^3$/ }).waitFor();
    const hidden = page.locator('[data-hidden-by-filters]');
    await hidden.filter({ hasText: '2 hidden by filters' }).waitFor();

    await page.reload();
    await page.locator('[role="tab"][data-tab="pending"][aria-selected="true"]').waitFor();
    await counter(page, 'pending').filter({ hasText: /^3$/ }).waitFor();
    await hidden.filter({ hasText: '2 hidden by filters' }).waitFor();
    expect(await pendingRows(page).count()).to.equal(3);

    await hidden.locator('button', { hasText: 'Show' }).click();
    await counter(page, 'pending').filter({ hasText: /^5$/ }).waitFor();
    await hidden.waitFor({ state: 'detached' });
  });

  it('accepts several waiting tickets at once', async () => {
    const { page } = opened;
    for (const name of ['Cliente 1', 'Cliente 2']) await pendingRows(page).filter({ hasText: name }).locator('input[type="checkbox"]').check();
    const bar = page.locator('[data-bulk="2"]');
    await bar.waitFor();
    await bar.locator('[data-bulk-accept]').click();
    await bar.waitFor({ state: 'detached' });
    await counter(page, 'pending').filter({ hasText: /^3$/ }).waitFor();
    await counter(page, 'assigned').filter({ hasText: /^2$/ }).waitFor();
    const { tickets } = await company.admin.tickets.list({ status: 'open', showAll: true });
    expect(tickets.map((ticket) => ticket.contact?.name).sort()).to.deep.equal(['Cliente 1', 'Cliente 2']);
  });
});
