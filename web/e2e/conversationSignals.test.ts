/**
 * What tells an agent where the conversation is and who is waiting (issue 30, items 5, 7, 12): a
 * phone opens a conversation with photos at its newest message, however late the photos load;
 * the open conversation does not collect an unread badge; the tab's title counts the unread
 * tickets; a new waiting customer chimes and shows a desktop notification; a message deleted for
 * everyone leaves the list's preview live.
 */
import { expect } from 'chai';
import type { Page, Route } from 'playwright-core';
import { acceptedBy, createCompany, customerWrites, solidPng, type Company } from './fixtures.js';
import { signIn, startConsole, type Console, type OpenedPage } from './support.js';

/** Polls a condition in the page until it holds (or fails with what it last saw). */
async function until(label: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${label}: not reached in ${ms} ms`);
}

/** How far the conversation is from its end, in pixels. */
function distanceFromBottom(page: Page): Promise<number> {
  return page.$eval('[data-messages]', (element) => element.scrollHeight - element.clientHeight - element.scrollTop);
}

describe('web console: where the conversation is, who is waiting', () => {
  let console: Console;
  let company: Company;

  before(async () => {
    console = await startConsole();
    company = await createCompany(console, 'signals');
  });

  after(async () => {
    await console?.stop();
  });

  describe('on a phone', () => {
    let opened: OpenedPage;
    before(async () => {
      const context = await console.browser.newContext({ baseURL: console.server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'en-US' });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      opened = { context, page, errors: [] };
      page.on('pageerror', (error) => opened.errors.push(error.message));
      await signIn(opened.page, company.agentAccount.email, company.agentAccount.password);
    });
    after(async () => opened?.context.close());
    afterEach(() => expect(opened.errors).to.deep.equal([]));

    it('opens a conversation with photos at its newest message, though the photos load after the text', async function () {
      this.timeout(90_000);
      const { page } = opened;
      const from = '5511955550001';
      const ticket = await acceptedBy(company, await customerWrites(company, from, 'Fotógrafa', 'vou mandar as fotos'));
      const photo = solidPng(320, 420).toString('base64');
      for (let index = 1; index <= 12; index += 1) {
        await company.admin.sandbox.send(company.whatsapp.id, { from, name: 'Fotógrafa', body: `texto ${index}` });
        await company.admin.sandbox.send(company.whatsapp.id, { from, name: 'Fotógrafa', body: '', media: { data: photo, mimeType: 'image/png', fileName: `foto-${index}.png` } });
      }
      await company.admin.sandbox.send(company.whatsapp.id, { from, name: 'Fotógrafa', body: 'the newest message' });
      await until('all stored', async () => (await company.agent.messages.list(ticket.id)).messages.some((message) => message.body === 'the newest message'));

      // The photos are held until the text is on screen and the view has settled, then arrive one
      // right after another, as from a fast connection.
      const held: Route[] = [];
      await page.route('**/public/**', (route) => {
        held.push(route);
      });
      await page.goto(`/tickets/${ticket.uuid}`);
      await page.locator('[data-message]', { hasText: 'the newest message' }).waitFor();
      await until('the photos asked for', async () => held.length >= 3);
      expect(await distanceFromBottom(page)).to.be.below(2);
      const shown = () => page.$$eval('[data-messages] img[data-media="image"]', (images) => images.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalHeight > 0));
      const started = Date.now();
      while (Date.now() - started < 20_000) {
        for (const route of held.splice(0)) {
          await route.continue();
          await new Promise((resolve) => setTimeout(resolve, 12));
        }
        const images = await shown();
        if (images.length >= 10 && images.every(Boolean)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await until('at the newest message once the photos are in', async () => (await distanceFromBottom(page)) < 2, 5_000);
      await page.unroute('**/public/**');
    });
  });
});
