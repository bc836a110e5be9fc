import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { Queue } from '@atende/shared';
import { apiClient, openPage, pairedSandbox, SERVER_SUPER_EMAIL, SERVER_SUPER_PASSWORD, signIn, startConsole, type Console } from './support.js';

const AGENT = { name: 'Ana Agent', email: 'ana@atende.test', password: 'ana-secret' };
const BIA = { name: 'Bia Both', email: 'bia@atende.test', password: 'bia-secret' };

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
});
