/**
 * What tells an agent where the conversation is and who is waiting (issue 30, items 5, 7, 12): a
 * phone opens a conversation with photos at its newest message, however late the photos load;
 * the open conversation does not collect an unread badge; the tab's title counts the unread
 * tickets; a new waiting customer chimes and shows a desktop notification; a message deleted for
 * everyone leaves the list's preview live.
 */
import { expect } from 'chai';
import type { Page, Route } from 'playwright-core';
import { acceptedBy, createCompany, customerWrites, solidPng, subscribedTo, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, type Console, type OpenedPage } from './support.js';

/** Polls until the check answers something (or fails naming what it waited for). */
async function until<T>(label: string, check: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${label}: not reached in ${ms} ms`);
}

/**
 * Desktop notifications and the chime, recorded (a headless browser shows and plays nothing). A
 * script of its own: the test's compiler would add helpers the page does not have to a function.
 */
const RECORD_ALERTS = `
  window.notified = [];
  window.chimes = 0;
  function RecordedNotification(title, options) { window.notified.push({ title: title, body: (options && options.body) || '' }); }
  RecordedNotification.permission = 'granted';
  RecordedNotification.requestPermission = function () { return Promise.resolve('granted'); };
  RecordedNotification.prototype.close = function () {};
  Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  const createOscillator = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.chimes += 1; return createOscillator.call(this); };
`;

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

  describe('on a desktop', () => {
    let opened: OpenedPage;
    before(async () => {
      opened = await openPage(console);
      await opened.context.addInitScript({ content: RECORD_ALERTS });
      await signIn(opened.page, company.agentAccount.email, company.agentAccount.password);
    });
    after(async () => opened?.context.close());
    afterEach(() => expect(opened.errors).to.deep.equal([]));

    const row = (uuid: string) => opened.page.locator(`[data-ticket="${uuid}"]`);

    it('keeps the open conversation read, counts unread tickets in the title, and makes a new waiting customer heard and seen', async () => {
      const { page } = opened;
      const open = await acceptedBy(company, await customerWrites(company, '5511955550002', 'Cliente Aberto', 'bom dia'));
      const other = await acceptedBy(company, await customerWrites(company, '5511955550003', 'Cliente Outro', 'oi'));
      const live = subscribedTo(page, ['ticket', 'appMessage']);
      await page.goto(`/tickets/${open.uuid}`);
      await page.locator('[data-message]', { hasText: 'bom dia' }).waitFor();
      await live;
      await row(open.uuid).waitFor();
      await until('the other ticket read', async () => (await company.agent.tickets.get(other.id)).unreadMessages > 0);
      await company.agent.messages.list(other.id);
      await until('no count in the title', async () => (await page.title()) === 'Atende');

      // The customer of the open conversation writes: it is read at once, no badge stays.
      await company.admin.sandbox.send(company.whatsapp.id, { from: '5511955550002', name: 'Cliente Aberto', body: 'ainda está aí?' });
      await page.locator('[data-message]', { hasText: 'ainda está aí?' }).waitFor();
      await until('the open ticket read on the server', async () => (await company.agent.tickets.get(open.id)).unreadMessages === 0);
      await until('no unread badge on the open ticket', async () => (await row(open.uuid).locator('[data-unread]').count()) === 0);
      expect(await page.title()).to.equal('Atende');

      // Another conversation's customer writes: the tab's title counts it.
      await company.admin.sandbox.send(company.whatsapp.id, { from: '5511955550003', name: 'Cliente Outro', body: 'alguém?' });
      await until('the title counting one ticket', async () => (await page.title()) === '(1) Atende');

      // A new customer starts waiting in the agent's queue: a chime and a desktop notification.
      const chimes = await page.evaluate(() => (window as unknown as { chimes: number }).chimes);
      await company.admin.sandbox.send(company.whatsapp.id, { from: '5511955550004', name: 'Cliente Novo', body: 'preciso de ajuda' });
      const notified = await until('a desktop notification', () =>
        page.evaluate(() => (window as unknown as { notified: { title: string; body: string }[] }).notified.find((notification) => notification.title.includes('Cliente Novo'))),
      );
      expect(notified.title).to.equal('New customer waiting: Cliente Novo');
      expect(notified.body).to.equal('preciso de ajuda');
      expect(await page.evaluate(() => (window as unknown as { chimes: number }).chimes)).to.be.above(chimes);
      await until('the title counting the waiting customer', async () => (await page.title()) === '(2) Atende');
    });

    it("follows a message deleted for everyone in the list's preview, live, whoever deleted it", async () => {
      const { page } = opened;
      const from = '5511955550005';
      const ticket = await acceptedBy(company, await customerWrites(company, from, 'Cliente Segredo', 'oi'));
      const live = subscribedTo(page, ['ticket', 'appMessage']);
      await page.goto('/tickets');
      // The list's first page is in and the socket subscribed: what changes next comes live.
      await row(ticket.uuid).waitFor();
      await live;
      const preview = row(ticket.uuid).locator('.last');
      const [sent] = await company.agent.messages.send(ticket.id, { body: 'o preço secreto é 42' });
      await until('the preview showing the text', async () => ((await preview.textContent()) ?? '').includes('o preço secreto é 42'));
      await company.agent.messages.remove(sent!.id);
      await until('the preview following the deletion', async () => (await preview.textContent()) === 'Esta mensagem foi apagada');

      const { providerMessageId } = await company.admin.sandbox.send(company.whatsapp.id, { from, name: 'Cliente Segredo', body: 'meu cartão é 1234' });
      await until('the preview showing the customer', async () => (await preview.textContent()) === 'meu cartão é 1234');
      await company.admin.sandbox.send(company.whatsapp.id, { kind: 'delete', from, targetProviderMessageId: providerMessageId });
      await until("the preview following the customer's deletion", async () => (await preview.textContent()) === 'Esta mensagem foi apagada');
    });
  });
});
