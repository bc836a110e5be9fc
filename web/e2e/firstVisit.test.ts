import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { createCompany, customerWrites, type Company } from './fixtures.js';
import { openPage, signIn, startConsole, type Console } from './support.js';

/** Whether the glyph of `text`, drawn with the console's fonts, has coloured pixels (a colour emoji, not an empty box). */
async function drawnInColour(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (glyph) => {
    const font = `48px ${getComputedStyle(document.body).fontFamily}`;
    await document.fonts.load(font, glyph);
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.font = font;
    context.textBaseline = 'top';
    context.fillStyle = '#000';
    context.fillText(glyph, 4, 4);
    const pixels = context.getImageData(0, 0, 64, 64).data;
    for (let at = 0; at < pixels.length; at += 4) {
      const [red, green, blue, alpha] = [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!, pixels[at + 3]!];
      if (alpha > 200 && Math.max(red, green, blue) - Math.min(red, green, blue) > 60) return true;
    }
    return false;
  }, text);
}

describe('web console: first visit, unknown addresses, emoji', () => {
  let console: Console;
  let company: Company;

  before(async function () {
    this.timeout(60_000);
    console = await startConsole();
    company = await createCompany(console, 'firstvisit');
  });

  after(() => console?.stop());

  it('opens in Portuguese for a pt-BR browser, English for others, and a stored choice still wins', async () => {
    const context = await console.browser.newContext({ baseURL: console.server.url, locale: 'pt-BR' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto('/login');
    await page.locator('button[type="submit"]', { hasText: 'Entrar' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).to.equal('pt');
    // Detection is not stored as if it were a choice.
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).to.equal(null);

    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.locator('h2', { hasText: 'Inicie sesión' }).waitFor();
    await context.close();

    const english = await console.browser.newContext({ baseURL: console.server.url, locale: 'en-US' });
    const other = await english.newPage();
    other.setDefaultTimeout(10_000);
    await other.goto('/login');
    await other.locator('button[type="submit"]', { hasText: 'Sign in' }).waitFor();
    await english.close();
  });

  it('says an address does not exist, signed out and signed in, and a deleted ticket too', async () => {
    const guest = await openPage(console);
    await guest.page.goto('/definitely/not/here');
    await guest.page.locator('[data-not-found]', { hasText: 'Page not found' }).waitFor();
    expect(await guest.page.locator('[data-not-found] code').textContent()).to.equal('/definitely/not/here');
    expect(new URL(guest.page.url()).pathname).to.equal('/definitely/not/here');
    await guest.page.click('[data-not-found] a[href="/login"]');
    await guest.page.waitForURL('**/login');
    expect(guest.errors).to.deep.equal([]);
    await guest.context.close();

    const member = await openPage(console);
    await signIn(member.page, company.adminAccount.email, company.adminAccount.password);
    await member.page.goto('/reports/nowhere');
    await member.page.locator('[data-not-found]').waitFor();
    // Inside the shell: the menu and the account menu are still there.
    await member.page.locator('nav[data-variant]').waitFor();
    await member.page.locator('[data-account-menu]').waitFor();

    const ticket = await customerWrites(company, '5511955550001', 'Temporária', 'vou ser apagada');
    await company.admin.tickets.remove(ticket.id);
    await member.page.goto(`/tickets/${ticket.uuid}`);
    await member.page.locator('[data-ticket-missing]', { hasText: 'Ticket not found' }).waitFor();
    expect(new URL(member.page.url()).pathname).to.equal(`/tickets/${ticket.uuid}`);
    expect(member.errors).to.deep.equal([]);
    await member.context.close();
  });

  it('draws emoji in colour on a machine without an emoji font', async () => {
    const { page, context } = await openPage(console);
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    for (const emoji of ['👋', '😀', '🎉', '❤️']) expect(await drawnInColour(page, emoji), emoji).to.equal(true);
    // Drawn by the console's own font, not by one the machine happens to have.
    expect(await page.evaluate(() => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Noto Color Emoji' && face.status === 'loaded'))).to.equal(true);
    await context.close();
  });
});
